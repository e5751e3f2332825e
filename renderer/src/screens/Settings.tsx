// Settings: API tokens, webhooks (+ delivery log), credits ledger, workspace (rate-limit
// profile, data folder, language, theme).
import { useCallback, useEffect, useState } from 'react';
import { api } from '../api';
import { CheckboxGroup, ConfirmInline, CopyButton, LanguageSelect, EmptyState, FailureNotice, formatDate, SecretNotice } from '../components/common';
import { knownKey, useT } from '../i18n';
import { useApp, type SettingsTab } from '../store';
import type { Credits, Delivery, LedgerEntry, Token, Webhook } from '../types';

const ABILITIES = ['documents:read', 'documents:write', 'extractions:review', 'workspace:manage'] as const;
const EVENTS = ['document.completed', 'document.failed', 'document.blocked'] as const;

export function Settings({ tab }: { tab: SettingsTab }) {
  const t = useT();
  const session = useApp((s) => s.session);
  const tabs: SettingsTab[] = ['tokens', 'webhooks', 'credits', 'general'];
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
            {tab === 'credits' && <CreditsView />}
          </>
        )}
        {tab === 'general' && <General />}
      </div>
    </div>
  );
}

function useLoader<T>(fn: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(async () => {
    try {
      setData(await fn());
      setError(null);
    } catch (err) {
      setError(err);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}

function Tokens() {
  const t = useT();
  const lang = useApp((s) => s.lang);
  const session = useApp((s) => s.session);
  const { data, error, reload } = useLoader(() => api.tokens().then((r) => r.data));
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'live' | 'test'>('live');
  const [abilities, setAbilities] = useState<string[]>(['documents:read', 'documents:write']);
  const [created, setCreated] = useState<{ token: Token; secret: string } | null>(null);
  const [formError, setFormError] = useState<unknown>(null);
  const [confirmRevoke, setConfirmRevoke] = useState<number | null>(null);

  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">{t('settings.tokens')}</h2>
      <p className="muted">{t('tokens.intro')}</p>
      <form
        className="inline-form"
        aria-label={t('tokens.create')}
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            const res = await api.createToken({ name: name.trim(), mode, abilities });
            setCreated({ token: res.data, secret: res.secret });
            setName('');
            setFormError(null);
            await reload();
          } catch (err) {
            setFormError(err);
          }
        }}
      >
        <div className="field">
          <label htmlFor="token-name">{t('tokens.name')}</label>
          <input id="token-name" type="text" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <fieldset className="field">
          <legend>{t('tokens.mode')}</legend>
          {(['live', 'test'] as const).map((m) => (
            <label key={m} className="radio">
              <input type="radio" name="token-mode" value={m} checked={mode === m} onChange={() => setMode(m)} /> {m === 'live' ? t('common.live_mode') : t('common.test_mode')}
            </label>
          ))}
          <p className="field-hint">{t('tokens.mode_hint')}</p>
        </fieldset>
        <CheckboxGroup legend={t('tokens.abilities')} options={ABILITIES} chosen={abilities} onChange={setAbilities} describe={(a) => t(`ability.${a as (typeof ABILITIES)[number]}`)} />
        <button type="submit" className="btn btn-primary">
          {t('tokens.create')}
        </button>
      </form>
      {formError !== null && <FailureNotice err={formError} onDismiss={() => setFormError(null)} />}
      {created && (
        <SecretNotice testId="token-secret" title={t('tokens.created', { name: created.token.name })} note={t('tokens.shown_once')} secret={created.secret} dismissLabel={t('tokens.stored')} onDismiss={() => setCreated(null)} />
      )}
      {error !== null && <FailureNotice err={error} />}
      {data && data.length === 0 && <EmptyState title={t('tokens.empty')} />}
      {data && data.length > 0 && (
        <div className="table-wrap">
          <table className="table" data-testid="tokens-table">
            <caption className="sr-only">{t('settings.tokens')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('tokens.name')}</th>
                <th scope="col">{t('tokens.prefix')}</th>
                <th scope="col">{t('tokens.mode')}</th>
                <th scope="col">{t('tokens.abilities')}</th>
                <th scope="col">{t('tokens.created_at')}</th>
                <th scope="col">{t('tokens.last_used')}</th>
                <th scope="col">{t('tokens.state')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((tok) => (
                <tr key={tok.id} data-token-name={tok.name}>
                  <td>
                    {tok.name}
                    {session?.token.id === tok.id && <span className="badge">{t('tokens.this_session')}</span>}
                  </td>
                  <td>
                    <code>{tok.token_prefix}…</code>
                  </td>
                  <td>{tok.mode === 'live' ? t('common.live_mode') : t('common.test_mode')}</td>
                  <td className="abilities">{tok.abilities.join(', ')}</td>
                  <td>{formatDate(tok.created_at, lang)}</td>
                  <td>{tok.last_used_at ? formatDate(tok.last_used_at, lang) : t('tokens.never')}</td>
                  <td>
                    {tok.revoked_at ? (
                      <span className="badge badge-error">{t('tokens.revoked_on', { date: formatDate(tok.revoked_at, lang) })}</span>
                    ) : session?.token.id === tok.id ? (
                      <span className="muted">{t('tokens.cannot_revoke_own')}</span>
                    ) : confirmRevoke === tok.id ? (
                      <ConfirmInline
                        confirmLabel={t('tokens.revoke_yes', { name: tok.name })}
                        onCancel={() => setConfirmRevoke(null)}
                        onConfirm={async () => {
                          setConfirmRevoke(null);
                          try {
                            await api.revokeToken(tok.id);
                            await reload();
                          } catch (err) {
                            setFormError(err);
                          }
                        }}
                      />
                    ) : (
                      <button type="button" className="btn btn-small" onClick={() => setConfirmRevoke(tok.id)} aria-label={t('tokens.revoke_named', { name: tok.name })}>
                        {t('tokens.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Webhooks() {
  const t = useT();
  const { data, error, reload } = useLoader(() => api.webhooks().then((r) => r.data));
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...EVENTS]);
  const [created, setCreated] = useState<{ hook: Webhook; secret: string } | null>(null);
  const [formError, setFormError] = useState<unknown>(null);
  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{t('settings.webhooks')}</h2>
      <p className="muted">{t('webhooks.intro')}</p>
      <form
        className="inline-form"
        aria-label={t('webhooks.add')}
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            const res = await api.createWebhook({ url: url.trim(), events });
            setCreated({ hook: res.data, secret: res.secret });
            setUrl('');
            setFormError(null);
            await reload();
          } catch (err) {
            setFormError(err);
          }
        }}
      >
        <div className="field field-wide">
          <label htmlFor="webhook-url">{t('webhooks.url')}</label>
          <input id="webhook-url" type="url" required placeholder="https://erp.example/hooks/docdesk" value={url} onChange={(e) => setUrl(e.target.value)} aria-describedby="webhook-url-hint" />
          <p className="field-hint" id="webhook-url-hint">
            {t('webhooks.url_hint')}
          </p>
        </div>
        <CheckboxGroup legend={t('webhooks.events')} options={EVENTS} chosen={events} onChange={setEvents} describe={(ev) => t(`event.${ev as (typeof EVENTS)[number]}`)} />
        <button type="submit" className="btn btn-primary">
          {t('webhooks.add')}
        </button>
      </form>
      {formError !== null && <FailureNotice err={formError} onDismiss={() => setFormError(null)} />}
      {created && (
        <SecretNotice title={t('webhooks.created')} note={t('webhooks.secret_once')} secret={created.secret} dismissLabel={t('common.dismiss')} onDismiss={() => setCreated(null)} />
      )}
      {error !== null && <FailureNotice err={error} />}
      {data && data.length === 0 && <EmptyState title={t('webhooks.empty')} />}
      {data?.map((hook) => <WebhookCard key={hook.id} hook={hook} onChanged={reload} onError={setFormError} />)}
    </section>
  );
}

function WebhookCard({ hook, onChanged, onError }: { hook: Webhook; onChanged: () => Promise<void>; onError: (e: unknown) => void }) {
  const t = useT();
  const lang = useApp((s) => s.lang);
  const [secret, setSecret] = useState<string | null>(null);
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const loadDeliveries = useCallback(async () => {
    try {
      setDeliveries((await api.deliveries(hook.id)).data);
    } catch (err) {
      onError(err);
    }
  }, [hook.id, onError]);
  useEffect(() => {
    void loadDeliveries();
    const h = setInterval(() => void loadDeliveries(), 2000);
    return () => clearInterval(h);
  }, [loadDeliveries]);
  return (
    <article className="card" aria-labelledby={`hook-${hook.id}`} data-testid="webhook-card">
      <header className="card-head">
        <h3 id={`hook-${hook.id}`}>
          <code>{hook.url}</code>
        </h3>
        <span className={`badge ${hook.active ? 'badge-completed' : 'badge-error'}`}>{hook.active ? t('webhooks.active') : t('webhooks.inactive')}</span>
      </header>
      <p className="muted">
        {t('webhooks.events')}: {hook.events.join(', ')} · {t('tokens.created_at')} {formatDate(hook.created_at, lang)}
      </p>
      <div className="card-actions">
        {secret === null ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={async () => {
              try {
                setSecret((await api.webhookSecret(hook.id)).secret);
              } catch (err) {
                onError(err);
              }
            }}
          >
            {t('webhooks.reveal')}
          </button>
        ) : (
          <span className="secret">
            <code>{secret}</code> <CopyButton text={secret} />{' '}
            <button type="button" className="btn btn-small" onClick={() => setSecret(null)}>
              {t('webhooks.hide')}
            </button>
          </span>
        )}
        <button
          type="button"
          className="btn btn-small"
          onClick={async () => {
            try {
              setSecret((await api.rotateWebhookSecret(hook.id)).secret);
            } catch (err) {
              onError(err);
            }
          }}
        >
          {t('webhooks.rotate')}
        </button>
        {confirmDelete ? (
          <ConfirmInline
            message={t('webhooks.confirm_delete')}
            confirmLabel={t('inbox.delete_confirm_yes')}
            onCancel={() => setConfirmDelete(false)}
            onConfirm={async () => {
              try {
                await api.deleteWebhook(hook.id);
                await onChanged();
              } catch (err) {
                onError(err);
              }
            }}
          />
        ) : (
          <button type="button" className="btn btn-small btn-danger" onClick={() => setConfirmDelete(true)}>
            {t('webhooks.delete')}
          </button>
        )}
      </div>
      <h4>{t('webhooks.deliveries')}</h4>
      {deliveries && deliveries.length === 0 && <p className="muted">{t('webhooks.no_deliveries')}</p>}
      {deliveries && deliveries.length > 0 && (
        <div className="table-wrap">
          <table className="table" data-testid="deliveries">
            <caption className="sr-only">{t('webhooks.deliveries')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('webhooks.event')}</th>
                <th scope="col">{t('webhooks.document')}</th>
                <th scope="col">{t('webhooks.status')}</th>
                <th scope="col">{t('webhooks.attempts')}</th>
                <th scope="col">{t('webhooks.response')}</th>
                <th scope="col">{t('webhooks.time')}</th>
                <th scope="col">
                  <span className="sr-only">{t('webhooks.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id} data-delivery-status={d.status}>
                  <td>
                    <code>{d.event}</code>
                  </td>
                  <td>{d.document_id !== null ? <a href={`#/documents/${d.document_id}`}>#{d.document_id}</a> : '—'}</td>
                  <td>
                    <span className={`badge badge-${d.status === 'delivered' ? 'completed' : d.status === 'failed' ? 'error' : 'pending'}`}>{t(`delivery.${d.status}`)}</span>
                  </td>
                  <td>{d.attempts}</td>
                  <td>{d.last_status_code ?? d.last_error ?? '—'}</td>
                  <td>{formatDate(d.delivered_at ?? d.created_at, lang)}</td>
                  <td>
                    {d.status !== 'delivered' && (
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={async () => {
                          try {
                            await api.retryDelivery(d.id);
                            await loadDeliveries();
                          } catch (err) {
                            onError(err);
                          }
                        }}
                      >
                        {t('webhooks.retry')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}

function CreditsView() {
  const t = useT();
  const lang = useApp((s) => s.lang);
  const [credits, setCredits] = useState<Credits | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async (before?: number) => {
    try {
      const res = await api.credits(before);
      setCredits((prev) => ({ available_credits: res.data.available_credits, entries: before && prev ? [...prev.entries, ...res.data.entries] : res.data.entries }));
      setHasMore(res.has_more);
      setError(null);
    } catch (err) {
      setError(err);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const kind = (e: LedgerEntry) => t(`ledger.${e.kind}`);
  return (
    <section aria-labelledby="credits-title">
      <h2 id="credits-title">{t('settings.credits')}</h2>
      {error !== null && <FailureNotice err={error} />}
      {credits && (
        <>
          <p className="balance" data-testid="credit-balance">
            <span className="balance-n">{credits.available_credits}</span> {t('credits.available')}
          </p>
          <p className="muted">{t('credits.rules')}</p>
          {credits.entries.length === 0 ? (
            <EmptyState title={t('credits.empty')} />
          ) : (
            <div className="table-wrap">
              <table className="table" data-testid="ledger">
                <caption className="sr-only">{t('credits.ledger')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('webhooks.time')}</th>
                    <th scope="col">{t('credits.kind')}</th>
                    <th scope="col" className="num">
                      {t('credits.amount')}
                    </th>
                    <th scope="col">{t('webhooks.document')}</th>
                    <th scope="col">{t('credits.note')}</th>
                  </tr>
                </thead>
                <tbody>
                  {credits.entries.map((e) => (
                    <tr key={e.id}>
                      <td>{formatDate(e.created_at, lang)}</td>
                      <td>{kind(e)}</td>
                      <td className={`num ${e.amount < 0 ? 'neg' : 'pos'}`}>{e.amount > 0 ? `+${e.amount}` : e.amount}</td>
                      <td>{e.document_id !== null ? <a href={`#/documents/${e.document_id}`}>#{e.document_id}</a> : '—'}</td>
                      <td>{e.note ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {hasMore && (
            <button type="button" className="btn" onClick={() => void load(credits.entries[credits.entries.length - 1]?.id)}>
              {t('credits.more')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function General() {
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
