// The workspace: rate-limit profile, data folder, language, theme.
import { CopyButton, LanguageSelect } from '../../components/common';
import { knownKey, useT } from '../../i18n';
import { useApp } from '../../store';

export function General() {
  const t = useT();
  const { session, theme, setTheme } = useApp();
  return (
    <section aria-labelledby="general-title">
      <h2 id="general-title">{t('settings.general')}</h2>
      <dl className="meta">
        <dt>{t('settings.account')}</dt>
        <dd>{session?.account.name}</dd>
        <dt>{t('settings.signed_in_with')}</dt>
        <dd>
          {session?.token.name} ({session?.token.mode === 'test' ? t('common.test_mode') : t('common.live_mode')})
        </dd>
        <dt>{t('settings.rate_limit_profile')}</dt>
        <dd data-testid="rate-limit-profile">
          {session?.account.rate_limit_profile} — {t(knownKey(`ratelimit.${session?.account.rate_limit_profile}`) ?? 'ratelimit.standard')}
        </dd>
        <dt>{t('settings.data_dir')}</dt>
        <dd>
          {session?.data_dir ? (
            <>
              <code>{session.data_dir}</code> <CopyButton text={session.data_dir} />
            </>
          ) : (
            t('settings.data_dir_hidden')
          )}
        </dd>
        <dt>{t('settings.version')}</dt>
        <dd>{session?.version}</dd>
      </dl>
      <div className="field">
        <label htmlFor="settings-lang">{t('settings.language')}</label>
        <LanguageSelect id="settings-lang" />
      </div>
      <div className="field">
        <label htmlFor="settings-theme">{t('settings.theme')}</label>
        <select id="settings-theme" value={theme} onChange={(e) => setTheme(e.target.value as 'system' | 'light' | 'dark')}>
          <option value="system">{t('theme.system')}</option>
          <option value="light">{t('theme.light')}</option>
          <option value="dark">{t('theme.dark')}</option>
        </select>
      </div>
    </section>
  );
}
