// The schema step of validation, before any business rule: UBL 2.1 and CII D16B documents are
// validated against the official XML Schemas (xsd.ts, libxml2). ZUGFeRD 1.0 has no shipped
// schema: its document frame (root children, order, the few datatypes the rules read) is
// checked here as data. Findings carry the error codes KoSIT reports for schema messages
// (`cvc-…`); like KoSIT, any of them rejects the document and the rules are not evaluated.
import type { XmlElement } from '../formats/safe-xml.js';
import { NS, type InvoiceDetection } from './detect.js';
import { rawText } from './nav.js';
import { validateXsd } from './xsd.js';

export { isSchemaErrorId } from './xsd.js';

export interface SchemaFinding {
  id: string;
}

const ZF1_ROOT = ['SpecifiedExchangedDocumentContext', 'HeaderExchangedDocument', 'SpecifiedSupplyChainTradeTransaction'];

function checkZf1Frame(root: XmlElement, out: SchemaFinding[]): void {
  let last = -1;
  const seen = new Set<string>();
  for (const c of root.children) {
    if (c.kind !== 'element') continue;
    const r = c.namespace === NS.zf1 ? ZF1_ROOT.indexOf(c.local) : -1;
    if (r < 0 || r < last || seen.has(c.local)) out.push({ id: 'cvc-complex-type.2.4.a' });
    last = Math.max(last, r);
    seen.add(c.local);
  }
  if (ZF1_ROOT.some((m) => !seen.has(m))) out.push({ id: 'cvc-complex-type.2.4.b' });
}

const DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;
const BOOLEAN = /^\s*(true|false|1|0)\s*$/;

function zf1DatatypeOk(el: XmlElement): boolean {
  const t = rawText(el);
  if (el.local === 'Indicator') return BOOLEAN.test(t);
  if (el.local.endsWith('Amount') || el.local.endsWith('Quantity') || el.local.endsWith('Percent')) {
    // Containers of the same name pattern (e.g. …Amount with children) are not values.
    return el.children.some((c) => c.kind === 'element') || DECIMAL.test(t);
  }
  return true;
}

export function checkSchema(root: XmlElement, d: InvoiceDetection, xml: Uint8Array): SchemaFinding[] {
  if (d.syntax === 'ubl') return validateXsd(xml, root.local === 'CreditNote' ? 'ubl-credit-note' : 'ubl-invoice').map((id) => ({ id }));
  if (d.syntax === 'cii') return validateXsd(xml, 'cii').map((id) => ({ id }));
  const out: SchemaFinding[] = [];
  if (d.syntax === 'zugferd1') {
    checkZf1Frame(root, out);
    const walk = (el: XmlElement) => {
      for (const c of el.children) {
        if (c.kind !== 'element') continue;
        if (!zf1DatatypeOk(c)) out.push({ id: 'cvc-datatype-valid.1.2.1' });
        walk(c);
      }
    };
    walk(root);
  }
  return out;
}
