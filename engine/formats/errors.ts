// Errors a clerk can act on. Every reader in formats/ throws a subclass of FormatReadError
// whose message is one finished English sentence (it becomes processing_error as is); any
// other error is a technical failure. The thumbnail dispatcher turns these into
// ThumbnailErrors with the same message, so a file is refused with the same words in every
// processing mode.

export class FormatReadError extends Error {
  override name = 'FormatReadError';
}

export class ImageReadError extends FormatReadError {
  override name = 'ImageReadError';
}

export class DocxReadError extends FormatReadError {
  override name = 'DocxReadError';
}

export class EmailReadError extends FormatReadError {
  override name = 'EmailReadError';
}

export class XmlReadError extends FormatReadError {
  override name = 'XmlReadError';
}

// Messages shared by more than one module.
export const IMAGE_TOO_LARGE_MESSAGE = 'The image is larger than 100 megapixels, which Docdesk refuses to decode for safety.';
export const IMAGE_DAMAGED_MESSAGE = 'The image file is damaged or incomplete and cannot be decoded.';
