// The renderer's only door to the shell: the app token and the engine URL, nothing else.
const { contextBridge, ipcRenderer } = require('electron');

contextBridge.exposeInMainWorld('docdesk', {
  appToken: () => ipcRenderer.invoke('docdesk:app-token'),
  engineUrl: () => ipcRenderer.invoke('docdesk:engine-url'),
});
