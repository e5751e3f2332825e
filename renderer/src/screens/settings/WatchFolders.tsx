// Settings → Watched folders: folders the running engine imports from (issue 18), with
// what each has taken so far. Same behaviour as `docdesk import --watch`.
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { ConfirmInline, EmptyState, FailureNotice, formatDate, DataTable } from '../../components/common';
import { knownKey, useT } from '../../i18n';
import { useApp } from '../../store';
import { useLoader } from './useLoader';

const MODES = ['extraction', 'analysis', 'validation', 'thumbnail'] as const;
const AFTER = ['keep', 'move', 'mark'] as const;

export function WatchFolders() {
  const t = useT();
  const lang = useApp((s) => s.lang);
  const { data, error, reload } = useLoader(() => api.watchFolders().then((r) => r.data));
  // The state changes as files arrive: refresh while the section is open.
  useEffect(() => {
    const timer = setInterval(() => void reload(), 5000);
    return () => clearInterval(timer);
  }, [reload]);
  const [path, setPath] = useState('');
  const [mode, setMode] = useState<string>('extraction');
  const [after, setAfter] = useState<string>('move');
  const [formError, setFormError] = useState<unknown>(null);
  const [confirm, setConfirm] = useState<number | null>(null);

  return (
    <section aria-labelledby="folders-title">
      <h2 id="folders-title">{t('settings.folders')}</h2>
      <p className="muted">{t('folders.intro')}</p>
      <form
        className="inline-form"
        aria-label={t('folders.add')}
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            await api.createWatchFolder({ path: path.trim(), processing_mode: mode, after_import: after });
            setPath('');
            setFormError(null);
            await reload();
          } catch (err) {
            setFormError(err);
          }
        }}
      >
        <div className="field">
          <label htmlFor="folder-path">{t('folders.path')}</label>
          <input id="folder-path" type="text" required maxLength={4096} value={path} onChange={(e) => setPath(e.target.value)} placeholder="/home/me/Scans" />
        </div>
        <div className="field">
          <label htmlFor="folder-mode">{t('folders.mode')}</label>
          <select id="folder-mode" value={mode} onChange={(e) => setMode(e.target.value)}>
            {MODES.map((m) => (
              <option key={m} value={m}>
                {t(`mode.${m}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="folder-after">{t('folders.after')}</label>
          <select id="folder-after" value={after} onChange={(e) => setAfter(e.target.value)}>
            {AFTER.map((a) => (
              <option key={a} value={a}>
                {t(`folders.after.${a}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          {t('folders.add')}
        </button>
      </form>
      {formError !== null && <FailureNotice err={formError} onDismiss={() => setFormError(null)} />}
      {error !== null && <FailureNotice err={error} />}
      {data && data.length === 0 && <EmptyState title={t('folders.empty')} />}
      {data && data.length > 0 && (
        <DataTable testId="watch-folders-table" caption={t('settings.folders')} columns={[{ label: t('folders.path') }, { label: t('folders.mode') }, { label: t('folders.after') }, { label: t('folders.state') }, { label: t('folders.recent') }, { label: t('folders.remove'), hidden: true }]}>
              {data.map((f) => (
                <tr key={f.id} data-folder-path={f.path}>
                  <td>
                    <code>{f.path}</code>
                  </td>
                  <td>{t(knownKey(`mode.${f.processing_mode}`) ?? 'folders.mode')}</td>
                  <td>{t(knownKey(`folders.after.${f.after_import}`) ?? 'folders.after')}</td>
                  <td>
                    <div>{t('folders.counts', f.counts)}</div>
                    <div className="muted">{f.last_scan_at ? t('folders.last_scan', { date: formatDate(f.last_scan_at, lang) }) : t('folders.never_scanned')}</div>
                    {f.last_error && <div className="badge badge-error">{f.last_error}</div>}
                  </td>
                  <td>
                    <ul className="plain-list">
                      {f.recent.slice(0, 5).map((r) => (
                        <li key={`${r.path}${r.at}`}>
                          {r.document_id ? <a href={`#/documents/${r.document_id}`}>{r.path.split(/[\\/]/).pop()}</a> : r.path.split(/[\\/]/).pop()}{' '}
                          <span className={r.status === 'failed' ? 'badge badge-error' : 'badge'}>{r.status}</span>
                          {r.error && <span className="muted"> {r.error}</span>}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    {confirm === f.id ? (
                      <ConfirmInline
                        confirmLabel={t('folders.remove_yes', { name: f.path })}
                        onCancel={() => setConfirm(null)}
                        onConfirm={async () => {
                          setConfirm(null);
                          try {
                            await api.deleteWatchFolder(f.id);
                            await reload();
                          } catch (err) {
                            setFormError(err);
                          }
                        }}
                      />
                    ) : (
                      <button type="button" className="btn btn-small" onClick={() => setConfirm(f.id)} aria-label={t('folders.remove_named', { name: f.path })}>
                        {t('folders.remove')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
        </DataTable>
      )}
    </section>
  );
}
