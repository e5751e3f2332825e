// Its own module so the loader, the cache and every reader can throw it without import cycles.

/**
 * A PDF (or one of its pages or attachments) cannot be read. `message` is one sentence a
 * clerk can act on; the pipeline shows it as the document's processing_error.
 */
export class PdfReadError extends Error {
  override name = 'PdfReadError';
}

export const PDF_PASSWORD_MESSAGE =
  'The PDF is password-protected, so Docdesk cannot open it. Please upload a copy without a password.';
export const PDF_DAMAGED_MESSAGE = 'The PDF is damaged or incomplete and cannot be opened.';
export const PDF_NO_PAGES_MESSAGE = 'The PDF contains no pages.';
