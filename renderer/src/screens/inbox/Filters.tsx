// Search, filters and sort of the inbox list.
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { useInbox } from '../../store';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const h = setTimeout(() => setV(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
  return v;
}

export function Filters() {
  const t = useT();
  const query = useInbox((s) => s.query);
  const setQuery = useInbox((s) => s.setQuery);
  const [search, setSearch] = useState(query.q);
  const debounced = useDebounced(search, 250);
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (debounced !== useInbox.getState().query.q) setQuery({ q: debounced });
  }, [debounced, setQuery]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (e.key === '/' && !['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) {
        e.preventDefault();
        searchRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const select = (id: string, key: 'status' | 'processing_mode' | 'extraction_profile' | 'review_status' | 'einvoice' | 'sort', label: string, values: Array<[string, string]>) => (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={query[key]} onChange={(e) => setQuery({ [key]: e.target.value })}>
        {values.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="filters" role="search">
      <div className="filter filter-search">
        <label htmlFor="inbox-search">{t('inbox.search')}</label>
        <input id="inbox-search" ref={searchRef} type="search" value={search} placeholder={t('inbox.search_placeholder')} onChange={(e) => setSearch(e.target.value)} aria-keyshortcuts="/" />
      </div>
      {select('f-status', 'status', t('inbox.filter_status'), [
        ['', t('common.all')],
        ['pending', t('status.pending')],
        ['completed', t('status.completed')],
        ['error', t('status.error')],
        ['blocked', t('status.blocked')],
      ])}
      {select('f-mode', 'processing_mode', t('upload.mode'), [
        ['', t('common.all')],
        ['extraction', t('mode.extraction')],
        ['analysis', t('mode.analysis')],
        ['validation', t('mode.validation')],
        ['thumbnail', t('mode.thumbnail')],
      ])}
      {select('f-profile', 'extraction_profile', t('upload.profile'), [
        ['', t('common.all')],
        ['generic', t('profile.generic')],
        ['de.energy.supply-invoice', t('profile.energy')],
      ])}
      {select('f-review', 'review_status', t('inbox.filter_review'), [
        ['', t('common.all')],
        ['accepted', t('review.accepted')],
        ['needs_review', t('review.needs_review')],
        ['unsupported', t('review.unsupported')],
        ['failed', t('review.failed')],
        ['rejected', t('review.rejected')],
      ])}
      {select('f-einvoice', 'einvoice', t('inbox.filter_einvoice'), [
        ['', t('common.all')],
        ['fail', t('verdict.fail')],
        ['indeterminate', t('verdict.indeterminate')],
        ['pass_with_warnings', t('verdict.pass_with_warnings')],
        ['pass', t('verdict.pass')],
      ])}
      <div className="filter filter-check">
        <input id="f-needs-review" type="checkbox" checked={query.needs_review} onChange={(e) => setQuery({ needs_review: e.target.checked })} />
        <label htmlFor="f-needs-review">{t('inbox.filter_needs_review')}</label>
      </div>
      {select('f-sort', 'sort', t('inbox.sort'), [
        ['-created_at', t('sort.newest')],
        ['created_at', t('sort.oldest')],
        ['filename', t('sort.name_az')],
        ['-filename', t('sort.name_za')],
        ['status', t('sort.status')],
      ])}
    </div>
  );
}
