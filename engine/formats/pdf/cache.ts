// Small per-process caches of open documents, so the per-page tasks a worker runs on one
// document (info, thumbnail, page 1 text, page 1 render, page 2 ...) parse it once. There is
// one cache per PDF engine: pdf.js reads text and structure, PDFium draws pages. Keyed by
// path plus size and modification time (a replaced file is opened afresh). At most
// MAX_OPEN_DOCUMENTS stay open per engine; the least recently used one is destroyed on
// eviction, or when its last running user finishes if it is still in use. A document nobody
// used for IDLE_CLOSE_MS is closed too, so an idle worker does not keep large PDFs in memory.
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PdfReadError } from './errors.js';
import { openPdf, type OpenPdf, type PDFDocumentProxy, type PDFPageProxy } from './pdfjs.js';

export const MAX_OPEN_DOCUMENTS = 2;
export const IDLE_CLOSE_MS = 30_000;

interface Entry<T> {
  path: string;
  key: string;
  open: Promise<T>;
  users: number;
  evicted: boolean;
  idle?: NodeJS.Timeout;
}

export interface DocumentCache<T> {
  /** Runs `fn` with the open document at `path`; the opener's error when it cannot be opened. */
  use<R>(path: string, fn: (doc: T) => Promise<R>): Promise<R>;
  closeAll(): Promise<void>;
  /** Paths of the documents currently open, least recently used first (for tests). */
  paths(): string[];
}

export function createDocumentCache<T>(open: (data: Uint8Array) => Promise<T>, destroy: (doc: T) => unknown): DocumentCache<T> {
  /** Most recently used last. */
  const entries: Entry<T>[] = [];
  const close = (entry: Entry<T>) => void entry.open.then(destroy, () => undefined);

  function release(entry: Entry<T>): void {
    entry.users--;
    if (entry.users > 0) return;
    if (entry.evicted) close(entry);
    else {
      entry.idle = setTimeout(() => entry.users === 0 && evict(entry), IDLE_CLOSE_MS);
      entry.idle.unref();
    }
  }

  function evict(entry: Entry<T>): void {
    clearTimeout(entry.idle);
    const i = entries.indexOf(entry);
    if (i >= 0) entries.splice(i, 1);
    entry.evicted = true;
    if (entry.users === 0) close(entry);
  }

  function acquire(path: string): Entry<T> {
    // Synchronous: a stat is microseconds, a trip through the thread pool is not.
    const st = statSync(path);
    const key = `${path}\0${st.size}\0${st.mtimeMs}`;
    for (const e of [...entries]) if (e.path === path && e.key !== key) evict(e);
    let entry = entries.find((e) => e.key === key);
    if (entry) {
      clearTimeout(entry.idle);
      entries.splice(entries.indexOf(entry), 1);
    } else {
      entry = { path, key, open: readFile(path).then((data) => open(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))), users: 0, evicted: false };
      const created = entry;
      // Failures are not cached: the next call tries again (and fails the same way).
      created.open.catch(() => {
        const i = entries.indexOf(created);
        if (i >= 0) entries.splice(i, 1);
      });
    }
    entries.push(entry);
    entry.users++;
    while (entries.length > MAX_OPEN_DOCUMENTS) evict(entries[0]!);
    return entry;
  }

  return {
    async use(path, fn) {
      const entry = acquire(path);
      try {
        return await fn(await entry.open);
      } finally {
        release(entry);
      }
    },
    async closeAll() {
      const all = entries.splice(0);
      for (const e of all) {
        clearTimeout(e.idle);
        e.evicted = true;
      }
      await Promise.all(all.map((e) => (e.users === 0 ? e.open.then(destroy, () => undefined) : undefined)));
    },
    paths: () => entries.map((e) => e.path),
  };
}

const pdfjsDocuments = createDocumentCache<OpenPdf>(openPdf, (o) => o.destroy());
const closers: Array<() => Promise<void>> = [() => pdfjsDocuments.closeAll()];

/** Other engines' caches register here so closeAllPdfs() closes them too. */
export function registerPdfCache(cache: DocumentCache<unknown>): void {
  closers.push(() => cache.closeAll());
}

/** Runs `fn` with the open pdf.js document at `path`; PdfReadError when it cannot be opened. */
export function withPdf<T>(path: string, fn: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  return pdfjsDocuments.use(path, (o) => fn(o.doc));
}

/**
 * Runs `fn` with one page (one-based) and frees the page's parsed resources afterwards
 * (fonts and images of one page can take hundreds of MB).
 */
export async function withPdfPage<T>(path: string, pageNumber: number, fn: (page: PDFPageProxy, doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  return withPdf(path, async (doc) => {
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages) throw pageMissing(pageNumber, doc.numPages);
    let page: PDFPageProxy;
    try {
      page = await doc.getPage(pageNumber);
    } catch {
      throw pageDamaged(pageNumber);
    }
    try {
      return await fn(page, doc);
    } finally {
      page.cleanup();
    }
  });
}

export function pageMissing(pageNumber: number, numPages: number): PdfReadError {
  return new PdfReadError(`Page ${pageNumber} does not exist: the PDF has ${numPages} page${numPages === 1 ? '' : 's'}.`);
}

export function pageDamaged(pageNumber: number): PdfReadError {
  return new PdfReadError(`Page ${pageNumber} of the PDF is damaged and cannot be read.`);
}

/** Destroys every cached document of every engine (tests, benchmarks, worker shutdown). */
export async function closeAllPdfs(): Promise<void> {
  await Promise.all(closers.map((c) => c()));
}

/** Paths of the pdf.js documents currently open, least recently used first (for tests). */
export function openPdfPaths(): string[] {
  return pdfjsDocuments.paths();
}
