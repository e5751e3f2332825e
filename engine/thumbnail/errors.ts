// Lives in its own module so every per-format renderer can throw it without importing the
// dispatcher (render.ts), which imports them.

/** A thumbnail could not be made; `message` is a sentence shown to clerks as processing_error. */
export class ThumbnailError extends Error {
  override name = 'ThumbnailError';
}
