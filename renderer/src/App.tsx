// The shell: session gate, navigation, theme and language, global shortcuts, failure banner.
import { useEffect } from 'react';
import { setUnauthenticatedHandler } from './api';
import { connectDesktop } from './desktop';
import { FailureNotice, LanguageSelect, Modal } from './components/common';
import { useT } from './i18n';
import { parseHash, useApp, type Theme } from './store';
import { DocumentView } from './screens/DocumentView';
import { Inbox } from './screens/Inbox';
import { Settings } from './screens/Settings';
import { SignIn } from './screens/SignIn';
import { HelpSheet } from './screens/HelpSheet';

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

function effectiveTheme(theme: Theme): 'light' | 'dark' {
  if (theme !== 'system') return theme;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function App() {
  const t = useT();
  const { sessionState, session, lang, theme, route, helpOpen, failure } = useApp();
  const app = useApp.getState();

  useEffect(() => {
    setUnauthenticatedHandler(() => useApp.setState({ sessionState: 'signed_out', session: null }));
    void useApp.getState().start();
    const disconnect = connectDesktop();
    const onHash = () => useApp.setState({ route: parseHash(location.hash) });
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('hashchange', onHash);
      disconnect();
    };
  }, []);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t('app.title');
  }, [lang, t]);

  useEffect(() => {
    const apply = () => (document.documentElement.dataset.theme = effectiveTheme(theme));
    apply();
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    mq?.addEventListener('change', apply);
    return () => mq?.removeEventListener('change', apply);
  }, [theme]);

  // The balance in the top bar moves with every upload; the session answer carries it.
  useEffect(() => {
    if (sessionState !== 'signed_in') return;
    const h = setInterval(() => void useApp.getState().refreshSession(), 5000);
    return () => clearInterval(h);
  }, [sessionState]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const s = useApp.getState();
      if (s.sessionState !== 'signed_in') return;
      if (e.key === '?') {
        e.preventDefault();
        s.setHelp(!s.helpOpen);
      } else if (e.key === 'i') {
        s.navigate({ name: 'inbox' });
      } else if (e.key === 's' && s.route.name !== 'settings') {
        s.navigate({ name: 'settings', tab: 'tokens' });
      } else if (e.key === 'd') {
        s.setTheme(effectiveTheme(s.theme) === 'dark' ? 'light' : 'dark');
      } else if (e.key === 'l') {
        s.setLang(s.lang === 'en' ? 'de' : 'en');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (sessionState === 'loading') {
    return (
      <main className="loading" aria-busy="true">
        <p>{t('app.loading')}</p>
      </main>
    );
  }
  if (sessionState === 'signed_out') return <SignIn />;

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <span className="brand" aria-hidden="true">
          Docdesk
        </span>
        <nav aria-label={t('nav.label')}>
          <a href="#/inbox" className={route.name !== 'settings' ? 'active' : ''} aria-current={route.name === 'inbox' ? 'page' : undefined}>
            {t('nav.inbox')}
          </a>
          <a href="#/settings/tokens" className={route.name === 'settings' ? 'active' : ''} aria-current={route.name === 'settings' ? 'page' : undefined}>
            {t('nav.settings')}
          </a>
        </nav>
        <div className="topbar-tools">
          {session && (
            <span className="account" title={session.token.name}>
              {session.account.name} · {t('credits.available_short', { n: session.account.available_credits })}
              {session.token.mode === 'test' && <span className="badge badge-test">{t('common.test_mode')}</span>}
            </span>
          )}
          <label className="sr-only" htmlFor="lang-select">
            {t('settings.language')}
          </label>
          <LanguageSelect id="lang-select" />
          <button type="button" className="btn btn-small" data-testid="theme-toggle" onClick={() => app.setTheme(effectiveTheme(theme) === 'dark' ? 'light' : 'dark')} title={t('theme.toggle')} aria-keyshortcuts="d">
            {effectiveTheme(theme) === 'dark' ? t('theme.to_light') : t('theme.to_dark')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => app.setHelp(true)} aria-keyshortcuts="?">
            {t('help.open')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => void app.signOut()}>
            {t('nav.sign_out')}
          </button>
        </div>
      </header>
      {failure !== null && (
        <div className="banner">
          <FailureNotice err={failure} onDismiss={app.clearFailure} />
        </div>
      )}
      <main id="main" className="main" tabIndex={-1}>
        {route.name === 'inbox' && <Inbox />}
        {route.name === 'document' && <DocumentView key={route.id} id={route.id} />}
        {route.name === 'settings' && <Settings tab={route.tab} />}
      </main>
      {helpOpen && (
        <Modal title={t('help.title')} labelId="help-title" onClose={() => app.setHelp(false)}>
          <HelpSheet />
        </Modal>
      )}
    </div>
  );
}
