// The Electron preload bridge (docs/desk-api.md, "The Electron preload"); absent in a browser.
import { translate } from './i18n';
import { useApp, useInbox } from './store';

interface OpenedFile {
  path: string;
  name: string;
  size: number;
}

export interface DesktopBridge {
  appToken?: () => Promise<string>;
  openFilesDialog?: (kind?: 'files' | 'folder') => Promise<void>;
  onOpenFiles?: (cb: (files: OpenedFile[]) => void) => () => void;
  readOpenedFile?: (path: string) => Promise<Uint8Array>;
  onShowShortcuts?: (cb: () => void) => () => void;
  notify?: (title: string, body: string) => Promise<void>;
}

export function desktop(): DesktopBridge | null {
  return (window as unknown as { docdesk?: DesktopBridge }).docdesk ?? null;
}

/** Files opened through the shell (menu, dock, second launch) go into the upload queue. */
export function connectDesktop(): () => void {
  const bridge = desktop();
  if (!bridge) return () => {};
  const offs: Array<() => void> = [];
  if (bridge.onOpenFiles && bridge.readOpenedFile) {
    const read = bridge.readOpenedFile;
    offs.push(
      bridge.onOpenFiles(async (opened) => {
        const files: File[] = [];
        for (const f of opened) {
          try {
            const bytes = await read(f.path);
            files.push(new File([bytes as BlobPart], f.name));
          } catch (err) {
            useApp.getState().showFailure(err);
          }
        }
        if (files.length) {
          useApp.getState().navigate({ name: 'inbox' });
          useInbox.getState().enqueue(files);
        }
      }),
    );
  }
  if (bridge.onShowShortcuts) offs.push(bridge.onShowShortcuts(() => useApp.getState().setHelp(true)));
  return () => offs.forEach((off) => off());
}

const notified = new Set<number>();

/** A desktop notification once every document of the current upload batch is terminal. */
export function notifyWhenBatchDone(terminal: (id: number) => boolean | null): void {
  const bridge = desktop();
  if (!bridge?.notify) return;
  const { uploads } = useInbox.getState();
  const ids = uploads.filter((u) => u.state === 'accepted' && u.documentId !== null).map((u) => u.documentId!);
  if (ids.length === 0 || uploads.some((u) => u.state === 'queued' || u.state === 'uploading')) return;
  if (ids.every((id) => notified.has(id))) return;
  if (!ids.every((id) => terminal(id) === true)) return;
  ids.forEach((id) => notified.add(id));
  const lang = useApp.getState().lang;
  void bridge.notify('Docdesk', translate(lang, 'notify.processed', { n: ids.length }));
}
