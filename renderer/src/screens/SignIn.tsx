// The sign-in page: `/` without a session. Accepts an API token; the one-time sign-in URL
// printed by `docdesk serve` signs in without it (the engine sets the cookie and redirects).
import { useState } from 'react';
import { FailureNotice, LanguageSelect } from '../components/common';
import { useT } from '../i18n';
import { useApp } from '../store';

export function SignIn() {
  const t = useT();
  const { signIn, signInError } = useApp();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  // The engine redirects a used, expired or unknown sign-in link to `/?signin=expired`.
  const params = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const usedLogin = params.get('signin') === 'expired' || params.has('login');
  return (
    <main className="signin" id="main">
      <div className="signin-card">
        <h1>{t('signin.title')}</h1>
        <p>{t('signin.intro')}</p>
        {usedLogin && (
          <div className="notice" role="note">
            <p>{t('signin.code_used')}</p>
          </div>
        )}
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            if (!token.trim()) return;
            setBusy(true);
            const ok = await signIn(token);
            setBusy(false);
            if (ok) {
              setToken('');
              if (location.search) history.replaceState(null, '', '/' + location.hash);
            }
          }}
        >
          <div className="field">
            <label htmlFor="signin-token">{t('signin.token')}</label>
            <input id="signin-token" type="password" autoComplete="off" spellCheck={false} value={token} onChange={(e) => setToken(e.target.value)} aria-describedby="signin-hint" required />
            <p className="field-hint" id="signin-hint">
              {t('signin.hint')}
            </p>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('signin.busy') : t('signin.submit')}
          </button>
        </form>
        {signInError && <FailureNotice err={signInError.status === 401 ? new Error(t('signin.invalid')) : signInError} />}
        <div className="field signin-lang">
          <label htmlFor="signin-lang">{t('settings.language')}</label>
          <LanguageSelect id="signin-lang" />
        </div>
      </div>
    </main>
  );
}
