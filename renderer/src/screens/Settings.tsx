// Settings: API tokens, webhooks (+ delivery log), credits ledger, workspace (rate-limit
// profile, data folder, language, theme).
import { useT } from '../i18n';
import { useApp, type SettingsTab } from '../store';
import { CreditsView } from './settings/Credits';
import { General } from './settings/General';
import { Tokens } from './settings/Tokens';
import { Webhooks } from './settings/Webhooks';
import { WatchFolders } from './settings/WatchFolders';

export function Settings({ tab }: { tab: SettingsTab }) {
  const t = useT();
  const session = useApp((s) => s.session);
  const tabs: SettingsTab[] = ['tokens', 'webhooks', 'folders', 'credits', 'general'];
  const manage = session?.can_manage_workspace ?? false;
  return (
    <div className="settings">
      <h1>{t('nav.settings')}</h1>
      <nav className="subnav" aria-label={t('settings.sections')}>
        {tabs.map((k) => (
          <a key={k} href={`#/settings/${k}`} className={tab === k ? 'active' : ''} aria-current={tab === k ? 'page' : undefined}>
            {t(`settings.${k}`)}
          </a>
        ))}
      </nav>
      <div className="settings-body">
        {tab !== 'general' && !manage ? (
          <div className="notice" role="note">
            <p>{t('settings.no_manage')}</p>
          </div>
        ) : (
          <>
            {tab === 'tokens' && <Tokens />}
            {tab === 'webhooks' && <Webhooks />}
            {tab === 'folders' && <WatchFolders />}
            {tab === 'credits' && <CreditsView />}
          </>
        )}
        {tab === 'general' && <General />}
      </div>
    </div>
  );
}
