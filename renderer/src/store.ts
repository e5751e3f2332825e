// zustand stores: the app shell (session, route, language, theme) and the inbox
// (query, a sparse window of rows over thousands of documents, selection, uploads).
import { create } from 'zustand';
import { api, ApiFailure, uploadFile, type UploadFields, type UploadHandle } from './api';
import { detectLanguage, type Lang } from './lang';
import type { InboxQuery, InboxRow, Session } from './types';

export type Route = { name: 'inbox' } | { name: 'document'; id: number; page: number } | { name: 'settings'; tab: SettingsTab };
export type SettingsTab = 'tokens' | 'webhooks' | 'folders' | 'credits' | 'general';
export type Theme = 'system' | 'light' | 'dark';

export function parseHash(hash: string): Route {
  const h = hash.replace(/^#\/?/, '');
  const doc = /^documents\/(\d+)(?:\/page\/(\d+))?$/.exec(h);
  if (doc) return { name: 'document', id: Number(doc[1]), page: doc[2] ? Number(doc[2]) : 1 };
  const settings = /^settings(?:\/(tokens|webhooks|folders|credits|general))?$/.exec(h);
  if (settings) return { name: 'settings', tab: (settings[1] as SettingsTab | undefined) ?? 'tokens' };
  return { name: 'inbox' };
}

export function routeHash(r: Route): string {
  if (r.name === 'document') return `#/documents/${r.id}${r.page > 1 ? `/page/${r.page}` : ''}`;
  if (r.name === 'settings') return `#/settings/${r.tab}`;
  return '#/inbox';
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* private mode: the choice lasts for this window only */
  }
}

interface AppState {
  sessionState: 'loading' | 'signed_out' | 'signed_in';
  session: Session | null;
  signInError: ApiFailure | null;
  lang: Lang;
  theme: Theme;
  route: Route;
  helpOpen: boolean;
  /** The last failure shown in the banner (a sentence plus the request id). */
  failure: unknown;
  setLang(lang: Lang): void;
  setTheme(theme: Theme): void;
  navigate(route: Route): void;
  setHelp(open: boolean): void;
  showFailure(err: unknown): void;
  clearFailure(): void;
  start(): Promise<void>;
  signIn(token: string): Promise<boolean>;
  signOut(): Promise<void>;
  refreshSession(): Promise<void>;
}

export const useApp = create<AppState>((set, get) => ({
  sessionState: 'loading',
  session: null,
  signInError: null,
  lang: detectLanguage(stored('docdesk.lang'), typeof navigator === 'undefined' ? 'en' : navigator.language),
  theme: (stored('docdesk.theme') as Theme | null) ?? 'system',
  route: parseHash(typeof location === 'undefined' ? '' : location.hash),
  helpOpen: false,
  failure: null,
  setLang(lang) {
    store('docdesk.lang', lang);
    set({ lang });
  },
  setTheme(theme) {
    store('docdesk.theme', theme);
    set({ theme });
  },
  navigate(route) {
    const hash = routeHash(route);
    if (location.hash !== hash) location.hash = hash;
    set({ route });
  },
  setHelp(helpOpen) {
    set({ helpOpen });
  },
  showFailure(err) {
    set({ failure: err });
  },
  clearFailure() {
    set({ failure: null });
  },
  async start() {
    // The Electron window signs in with the app token from the preload.
    const bridge = (window as unknown as { docdesk?: { appToken?: string | (() => Promise<string>) } }).docdesk;
    try {
      const session = await api.session();
      set({ session: session.data, sessionState: 'signed_in' });
      return;
    } catch {
      /* not signed in yet */
    }
    if (bridge?.appToken) {
      try {
        const token = typeof bridge.appToken === 'function' ? await bridge.appToken() : bridge.appToken;
        const session = await api.signIn(token);
        set({ session: session.data, sessionState: 'signed_in' });
        return;
      } catch (err) {
        set({ signInError: err instanceof ApiFailure ? err : null });
      }
    }
    set({ sessionState: 'signed_out' });
  },
  async signIn(token) {
    try {
      const session = await api.signIn(token.trim());
      set({ session: session.data, sessionState: 'signed_in', signInError: null });
      return true;
    } catch (err) {
      set({ signInError: err instanceof ApiFailure ? err : new ApiFailure(0, 'unknown', String(err), null) });
      return false;
    }
  },
  async signOut() {
    try {
      await api.signOut();
    } finally {
      set({ session: null, sessionState: 'signed_out' });
      useInbox.getState().reset();
    }
  },
  async refreshSession() {
    try {
      const session = await api.session();
      set({ session: session.data });
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 401) set({ session: null, sessionState: 'signed_out' });
    }
  },
}));

export const BLOCK = 200;
export const DEFAULT_QUERY: InboxQuery = { status: '', processing_mode: '', extraction_profile: '', review_status: '', einvoice: '', needs_review: false, q: '', sort: '-created_at' };

export interface UploadOptions {
  processing_mode: 'extraction' | 'analysis' | 'validation' | 'thumbnail';
  processing_lane: 'standard' | 'batch';
  extraction_profile: 'generic' | 'de.energy.supply-invoice';
  pages: string;
  locale: string;
  requester: string;
  allow_ai_processing: boolean;
  custom_types: string;
}

export const DEFAULT_UPLOAD_OPTIONS: UploadOptions = {
  processing_mode: 'extraction',
  processing_lane: 'standard',
  extraction_profile: 'generic',
  pages: '',
  locale: '',
  requester: '',
  allow_ai_processing: true,
  custom_types: '',
};

export interface UploadEntry {
  key: number;
  file: File;
  idempotencyKey: string;
  /** The options when the file was added: a retry must send the same fields with its key. */
  options: UploadOptions;
  /** Upload rate limit hit: sent again with the same key at this time (ms epoch). */
  retryAt: number | null;
  attempts: number;
  progress: number;
  state: 'queued' | 'uploading' | 'accepted' | 'failed';
  documentId: number | null;
  error: ApiFailure | null;
}

interface InboxState {
  query: InboxQuery;
  total: number | null;
  /** Sparse rows by list index; blocks of BLOCK rows are fetched as the window needs them. */
  rows: Record<number, InboxRow>;
  /** Number of rows loaded (for "select all loaded"). */
  loadedCount: number;
  blocks: Record<number, 'loading' | 'loaded'>;
  generation: number;
  visible: [number, number];
  selection: Set<number>;
  uploads: UploadEntry[];
  options: UploadOptions;
  loadError: ApiFailure | null;
  setQuery(patch: Partial<InboxQuery>): void;
  setVisible(first: number, last: number): void;
  refreshVisible(): Promise<void>;
  loadBlock(block: number, force?: boolean): Promise<void>;
  toggleSelect(id: number, on?: boolean): void;
  selectAllLoaded(on: boolean): void;
  clearSelection(): void;
  setOptions(patch: Partial<UploadOptions>): void;
  enqueue(files: File[]): void;
  dismissUploads(): void;
  deleteSelected(): Promise<{ failed: number }>;
  reprocessSelected(): Promise<{ failed: number }>;
  reset(): void;
}

let uploadKey = 0;
let visibleTimer: ReturnType<typeof setTimeout> | undefined;
const active = new Map<number, UploadHandle>();
/** Blocks asked to refresh while a load of theirs was in flight: loaded again when it ends. */
const staleBlocks = new Set<number>();
const UPLOAD_CONCURRENCY = 3;

export function uploadFieldsFor(o: UploadOptions): UploadFields {
  const f: UploadFields = { processing_mode: o.processing_mode, processing_lane: o.processing_lane };
  if (o.extraction_profile !== 'generic') f.extraction_profile = o.extraction_profile;
  if (o.pages.trim() && o.processing_mode === 'analysis') f.pages = o.pages.trim();
  if (o.locale) f.locale = o.locale;
  if (o.requester.trim()) f.requester = o.requester.trim();
  if (o.processing_mode === 'extraction') f.allow_ai_processing = o.allow_ai_processing ? 'true' : 'false';
  const types = o.custom_types
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (types.length && o.processing_mode !== 'validation') f['custom_types[]'] = types;
  return f;
}

export const useInbox = create<InboxState>((set, get) => ({
  query: DEFAULT_QUERY,
  total: null,
  rows: {},
  loadedCount: 0,
  blocks: {},
  generation: 0,
  visible: [0, 40],
  selection: new Set(),
  uploads: [],
  options: DEFAULT_UPLOAD_OPTIONS,
  loadError: null,
  setQuery(patch) {
    set((s) => ({ query: { ...s.query, ...patch }, rows: {}, loadedCount: 0, blocks: {}, total: null, generation: s.generation + 1, selection: new Set() }));
    void get().loadBlock(0);
  },
  setVisible(first, last) {
    set({ visible: [first, last] });
    // While the list flies past, fetch only where it comes to rest: blocks skipped over in
    // a fast scroll are never requested.
    if (visibleTimer) clearTimeout(visibleTimer);
    visibleTimer = setTimeout(() => {
      const [f, l] = get().visible;
      for (let b = Math.floor(f / BLOCK); b <= Math.floor(Math.max(f, l) / BLOCK); b++) if (!get().blocks[b]) void get().loadBlock(b);
    }, 60);
  },
  async refreshVisible() {
    const [first, last] = get().visible;
    const from = Math.floor(first / BLOCK);
    const to = Math.floor(Math.max(first, last) / BLOCK);
    for (let b = from; b <= to; b++) await get().loadBlock(b, true);
  },
  async loadBlock(block, force = false) {
    const s = get();
    if (!force && s.blocks[block]) return;
    if (s.blocks[block] === 'loading') {
      // The load in flight may have been answered before the change that asked for this one.
      if (force) staleBlocks.add(block);
      return;
    }
    staleBlocks.delete(block);
    const generation = s.generation;
    set((st) => ({ blocks: { ...st.blocks, [block]: 'loading' } }));
    try {
      const res = await api.inbox(s.query, block * BLOCK, BLOCK);
      if (get().generation !== generation) return;
      set((st) => {
        const rows = { ...st.rows };
        // Rows of this block are replaced as a whole: documents may have moved between blocks.
        for (let i = block * BLOCK; i < (block + 1) * BLOCK; i++) delete rows[i];
        res.data.forEach((r, i) => (rows[block * BLOCK + i] = r));
        // A changed total shifts every other block: keep showing them, but fetch them again
        // when they come into view.
        const blocks: Record<number, 'loading' | 'loaded'> = st.total !== null && st.total !== res.total ? {} : { ...st.blocks };
        blocks[block] = 'loaded';
        if (res.total < (st.total ?? 0)) for (const k of Object.keys(rows)) if (Number(k) >= res.total) delete rows[Number(k)];
        return { rows, loadedCount: Object.keys(rows).length, total: res.total, blocks, loadError: null };
      });
    } catch (err) {
      if (get().generation !== generation) return;
      set((st) => {
        const blocks = { ...st.blocks };
        delete blocks[block];
        return { blocks, loadError: err instanceof ApiFailure ? err : null };
      });
    } finally {
      if (staleBlocks.has(block) && get().generation === generation) void get().loadBlock(block, true);
    }
  },
  toggleSelect(id, on) {
    set((s) => {
      const selection = new Set(s.selection);
      const want = on ?? !selection.has(id);
      if (want) selection.add(id);
      else selection.delete(id);
      return { selection };
    });
  },
  selectAllLoaded(on) {
    set((s) => ({ selection: on ? new Set(Object.values(s.rows).map((r) => r.id)) : new Set() }));
  },
  clearSelection() {
    set({ selection: new Set() });
  },
  setOptions(patch) {
    set((s) => ({ options: { ...s.options, ...patch } }));
  },
  enqueue(files) {
    const options = get().options;
    const entries: UploadEntry[] = files.map((file) => ({ key: ++uploadKey, file, options, idempotencyKey: `desk-${crypto.randomUUID()}`, retryAt: null, attempts: 0, progress: 0, state: 'queued', documentId: null, error: null }));
    set((s) => ({ uploads: [...s.uploads, ...entries] }));
    pump();
  },
  dismissUploads() {
    set((s) => ({ uploads: s.uploads.filter((u) => u.state === 'queued' || u.state === 'uploading') }));
  },
  async deleteSelected() {
    let failed = 0;
    for (const id of get().selection) {
      try {
        await api.deleteDocument(id);
      } catch (err) {
        failed++;
        useApp.getState().showFailure(err);
      }
    }
    set({ selection: new Set() });
    get().setQuery({});
    return { failed };
  },
  async reprocessSelected() {
    let failed = 0;
    for (const id of get().selection) {
      try {
        await api.reprocess(id);
      } catch (err) {
        failed++;
        useApp.getState().showFailure(err);
      }
    }
    set({ selection: new Set() });
    await get().refreshVisible();
    return { failed };
  },
  reset() {
    for (const h of active.values()) h.abort();
    active.clear();
    set((s) => ({ query: DEFAULT_QUERY, total: null, rows: {}, loadedCount: 0, blocks: {}, generation: s.generation + 1, selection: new Set(), uploads: [] }));
  },
}));

function patchUpload(key: number, patch: Partial<UploadEntry>): void {
  useInbox.setState((s) => ({ uploads: s.uploads.map((u) => (u.key === key ? { ...u, ...patch } : u)) }));
}

const MAX_RATE_LIMIT_RETRIES = 5;
let pumpTimer: ReturnType<typeof setTimeout> | undefined;

/** Starts queued uploads up to the concurrency limit; each finished one starts the next. */
function pump(): void {
  const { uploads } = useInbox.getState();
  const now = Date.now();
  let nextRetry = Infinity;
  for (const u of uploads) {
    if (active.size >= UPLOAD_CONCURRENCY) return;
    if (u.state !== 'queued') continue;
    if (u.retryAt !== null && u.retryAt > now) {
      nextRetry = Math.min(nextRetry, u.retryAt);
      continue;
    }
    patchUpload(u.key, { state: 'uploading', retryAt: null, attempts: u.attempts + 1 });
    const handle = uploadFile(u.file, uploadFieldsFor(u.options), u.idempotencyKey, (progress) => patchUpload(u.key, { progress }));
    active.set(u.key, handle);
    handle.promise
      .then((doc) => patchUpload(u.key, { state: 'accepted', documentId: doc.id, progress: 1, error: null }))
      .catch((err: unknown) => {
        // Rate limited: wait the full Retry-After, then send the same upload with the same key.
        if (err instanceof ApiFailure && err.status === 429 && u.attempts + 1 < MAX_RATE_LIMIT_RETRIES) {
          const seconds = Math.max(1, Number(err.body?.retry_after ?? 1));
          patchUpload(u.key, { state: 'queued', progress: 0, retryAt: Date.now() + seconds * 1000, error: err });
          return;
        }
        // 402: the document exists (blocked) and shows in the inbox with its reason.
        const docId = err instanceof ApiFailure ? ((err.body?.document as { id?: number } | undefined)?.id ?? null) : null;
        patchUpload(u.key, { state: 'failed', error: err instanceof ApiFailure ? err : new ApiFailure(0, 'unknown', String(err), null), documentId: docId });
      })
      .finally(() => {
        active.delete(u.key);
        void useInbox.getState().refreshVisible();
        pump();
      });
  }
  if (nextRetry !== Infinity) {
    if (pumpTimer) clearTimeout(pumpTimer);
    pumpTimer = setTimeout(pump, Math.max(50, nextRetry - now));
  }
}
