// Webhooks: endpoints with their signing secret and the delivery log with retries.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import { CheckboxGroup, ConfirmInline, CopyButton, EmptyState, FailureNotice, formatDate, SecretNotice, DataTable } from '../../components/common';
import { useT } from '../../i18n';
import { useApp } from '../../store';
import type { Delivery, Webhook } from '../../types';
import { useLoader } from './useLoader';

const EVENTS = ['document.completed', 'document.failed', 'document.blocked'] as const;

export function Webhooks() {
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
        <DeliveriesTable
          deliveries={deliveries}
          onRetry={async (d) => {
            try {
              await api.retryDelivery(d.id);
              await loadDeliveries();
            } catch (err) {
              onError(err);
            }
          }}
        />
      )}
    </article>
  );
}

function DeliveriesTable({ deliveries, onRetry }: { deliveries: Delivery[]; onRetry: (d: Delivery) => Promise<void> }) {
  const t = useT();
  const lang = useApp((s) => s.lang);
  return (
  <DataTable testId="deliveries" caption={t('webhooks.deliveries')} columns={[{ label: t('webhooks.event') }, { label: t('webhooks.document') }, { label: t('webhooks.status') }, { label: t('webhooks.attempts') }, { label: t('webhooks.response') }, { label: t('webhooks.time') }, { label: t('webhooks.actions'), hidden: true }]}>
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
                  onClick={() => void onRetry(d)}
                >
                  {t('webhooks.retry')}
                </button>
              )}
            </td>
          </tr>
        ))}
  </DataTable>
  );
}
