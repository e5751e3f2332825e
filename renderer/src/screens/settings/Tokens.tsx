// API tokens: create (secret shown once), list, revoke.
import { useState } from 'react';
import { api } from '../../api';
import { CheckboxGroup, ConfirmInline, EmptyState, FailureNotice, formatDate, SecretNotice, DataTable } from '../../components/common';
import { useT } from '../../i18n';
import { useApp } from '../../store';
import type { Token } from '../../types';
import { useLoader } from './useLoader';

const ABILITIES = ['documents:read', 'documents:write', 'extractions:review', 'workspace:manage'] as const;

export function Tokens() {
  const t = useT();
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
        <TokensTable
          tokens={data}
          sessionTokenId={session?.token.id ?? null}
          confirmRevoke={confirmRevoke}
          onAskRevoke={setConfirmRevoke}
          onRevoke={async (tok) => {
            setConfirmRevoke(null);
            try {
              await api.revokeToken(tok.id);
              await reload();
            } catch (err) {
              setFormError(err);
            }
          }}
        />
      )}
    </section>
  );
}

function TokensTable({ tokens, sessionTokenId, confirmRevoke, onAskRevoke, onRevoke }: { tokens: Token[]; sessionTokenId: number | null; confirmRevoke: number | null; onAskRevoke: (id: number | null) => void; onRevoke: (token: Token) => Promise<void> }) {
  const t = useT();
  const lang = useApp((s) => s.lang);
  return (
  <DataTable testId="tokens-table" caption={t('settings.tokens')} columns={[{ label: t('tokens.name') }, { label: t('tokens.prefix') }, { label: t('tokens.mode') }, { label: t('tokens.abilities') }, { label: t('tokens.created_at') }, { label: t('tokens.last_used') }, { label: t('tokens.state') }]}>
        {tokens.map((tok) => (
          <tr key={tok.id} data-token-name={tok.name}>
            <td>
              {tok.name}
              {sessionTokenId === tok.id && <span className="badge">{t('tokens.this_session')}</span>}
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
              ) : sessionTokenId === tok.id ? (
                <span className="muted">{t('tokens.cannot_revoke_own')}</span>
              ) : confirmRevoke === tok.id ? (
                <ConfirmInline
                  confirmLabel={t('tokens.revoke_yes', { name: tok.name })}
                  onCancel={() => onAskRevoke(null)}
                  onConfirm={() => onRevoke(tok)}
                />
              ) : (
                <button type="button" className="btn btn-small" onClick={() => onAskRevoke(tok.id)} aria-label={t('tokens.revoke_named', { name: tok.name })}>
                  {t('tokens.revoke')}
                </button>
              )}
            </td>
          </tr>
        ))}
  </DataTable>
  );
}
