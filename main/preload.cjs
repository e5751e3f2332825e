// The renderer's only door to the shell, and a narrow one: the app token (to sign the
// window in), the engine URL, the files the user opened through the shell (and only
// those), and desktop notifications.
const { contextBridge, ipcRenderer } = require('electron');

contextBridge.exposeInMainWorld('docdesk', {
  appToken: () => ipcRenderer.invoke('docdesk:app-token'),
  engineUrl: () => ipcRenderer.invoke('docdesk:engine-url'),
  openFilesDialog: (kind) => ipcRenderer.invoke('docdesk:open-dialog', kind === 'folder' ? 'folder' : 'files'),
  readOpenedFile: (path) => ipcRenderer.invoke('docdesk:read-opened-file', String(path)),
  onOpenFiles: (callback) => {
    const listener = (_event, files) => callback(files);
    ipcRenderer.on('docdesk:open-files', listener);
    return () => ipcRenderer.removeListener('docdesk:open-files', listener);
  },
  onShowShortcuts: (callback) => {
    const listener = () => callback();
    ipcRenderer.on('docdesk:show-shortcuts', listener);
    return () => ipcRenderer.removeListener('docdesk:show-shortcuts', listener);
  },
  notify: (title, body) => ipcRenderer.invoke('docdesk:notify', String(title), String(body)),
});
