// One model for read documents (see ../shared/design/architecture.md): every reader
// returns pages of positioned words, so OCR, extraction, e-invoice linkage and energy
// evidence all point into the same structure.

/** Top-left origin, in the page's own units (PDF points for PDF pages, pixels for images). */
export interface BBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Word {
  text: string;
  bbox: BBox;
  /** 0-100; native PDF text is 100. */
  confidence: number;
}

export interface Line {
  text: string;
  bbox: BBox;
  /** Indexes into the page's words, in reading order. */
  words: number[];
}

/** How a page's text was produced. */
export type TextSource = 'native' | 'ocr' | 'combined' | 'structured';

export type OcrReason = 'no_text_layer' | 'too_little_text' | 'garbage_text' | 'hidden_text_layer';

export interface PageText {
  /** Physical page number within the whole document, one-based. */
  page: number;
  component_ref: string;
  source: TextSource;
  width: number;
  height: number;
  words: Word[];
  lines: Line[];
  /** Reading-order text: lines joined by \n. */
  text: string;
}

export type ComponentKind = 'pdf' | 'image' | 'docx' | 'email-body' | 'xml';

export interface Component {
  /** "main" for the uploaded file; "att-1", "att-2" … for e-mail attachments. */
  ref: string;
  kind: ComponentKind;
  filename: string;
  format: string;
  /** Physical pages of the document that belong to this component. */
  pages: number[];
}

/** A file embedded in a PDF (EmbeddedFiles / file attachment annotations) or attached to an e-mail. */
export interface AttachmentInfo {
  filename: string;
  size: number;
  mime: string | null;
  /** Where it came from: the component that carries it. */
  component_ref: string;
}

/** Invoice-like XML recognized by its root element and namespace (recorded for the e-invoice issue). */
export interface XmlInvoiceDetection {
  syntax: 'ubl-invoice' | 'ubl-credit-note' | 'cii' | 'zugferd-1';
  root: string;
  namespace: string;
  /** The specification identifier (BT-24 / GuidelineSpecifiedDocumentContextParameter) when present. */
  specification_id: string | null;
}
