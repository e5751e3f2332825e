// Invoices with known values for the extraction tests: a native PDF laid out like real
// letters (return-address line, recipient window, label/value column, items, totals, legal
// footer with bank details), the same text as a scan for OCR, and a page model built from
// lines for the engine-level tests.
import assert from 'node:assert/strict';
import type { PageText, Word } from '../../engine/formats/model.js';
import { buildFixturePdf, textLine } from './pdf-fixtures.js';
import { textImagePng } from './text-image.js';

export interface InvoiceSpec {
  sender: string;
  senderStreet: string;
  senderCity: string;
  recipient: string;
  recipientStreet: string;
  recipientCity: string;
  number: string;
  date: string;
  due: string;
  net: string;
  rate: string;
  tax: string;
  gross: string;
  vat: string;
  iban: string;
  bic: string;
}

export const GERMAN_INVOICE: InvoiceSpec = {
  sender: 'Müller & Söhne GmbH',
  senderStreet: 'Industriestraße 7',
  senderCity: '70173 Stuttgart',
  recipient: 'Beispiel Handel KG',
  recipientStreet: 'Marktplatz 3',
  recipientCity: '80331 München',
  number: 'R-2024-0042',
  date: '05.03.2024',
  due: '19.03.2024',
  net: '1.250,00',
  rate: '19',
  tax: '237,50',
  gross: '1.487,50',
  vat: 'DE136695976',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
};

/** The generic fields read from GERMAN_INVOICE, as the extractor writes them. */
export const GERMAN_INVOICE_FIELDS = {
  type: 'invoice',
  document_number: 'R-2024-0042',
  issue_date: '2024-03-05',
  payment_due_date: '2024-03-19',
  sender_name: 'Müller & Söhne GmbH',
  sender_vat_number: 'DE136695976',
  recipient_name: 'Beispiel Handel KG',
  currency: 'EUR',
  net_amount: '1250.00',
  gross_amount: '1487.50',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
} as const;

/** Field values (name → value) hold GERMAN_INVOICE_FIELDS: all of them, or the ones named. */
export function assertGermanInvoiceFields(got: Record<string, unknown>, only: Array<keyof typeof GERMAN_INVOICE_FIELDS> = Object.keys(GERMAN_INVOICE_FIELDS) as Array<keyof typeof GERMAN_INVOICE_FIELDS>): void {
  for (const name of only) assert.equal(got[name], GERMAN_INVOICE_FIELDS[name], name);
}

/** The invoice as positioned lines: [x, y from top, size, text]. */
export function invoiceLines(s: InvoiceSpec = GERMAN_INVOICE): Array<[number, number, number, string]> {
  return [
    [56, 60, 18, s.sender],
    [56, 140, 7, `${s.sender} · ${s.senderStreet} · ${s.senderCity}`],
    [56, 160, 10, s.recipient],
    [56, 173, 10, s.recipientStreet],
    [56, 186, 10, s.recipientCity],
    [360, 160, 10, 'Rechnungsnummer'],
    [470, 160, 10, s.number],
    [360, 173, 10, 'Rechnungsdatum'],
    [470, 173, 10, s.date],
    [360, 186, 10, 'Kundennummer'],
    [470, 186, 10, 'K-7781'],
    [56, 260, 16, 'Rechnung'],
    [56, 290, 10, 'Sehr geehrte Damen und Herren,'],
    [56, 303, 10, 'wir berechnen Ihnen folgende Leistungen:'],
    [56, 330, 10, 'Pos.'],
    [100, 330, 10, 'Beschreibung'],
    [470, 330, 10, 'Betrag EUR'],
    [56, 345, 10, '1'],
    [100, 345, 10, 'Wartung Heizungsanlage'],
    [480, 345, 10, '1.000,00'],
    [56, 358, 10, '2'],
    [100, 358, 10, 'Ersatzteile'],
    [490, 358, 10, '250,00'],
    [300, 390, 10, 'Summe netto'],
    [480, 390, 10, s.net],
    [300, 403, 10, `Umsatzsteuer ${s.rate} %`],
    [490, 403, 10, s.tax],
    [300, 416, 10, 'Rechnungsbetrag'],
    [480, 416, 10, `${s.gross} EUR`],
    [56, 450, 10, `Bitte überweisen Sie den Rechnungsbetrag bis zum ${s.due} unter Angabe der`],
    [56, 463, 10, `Rechnungsnummer ${s.number} auf unser Konto.`],
    [56, 476, 10, 'Mit freundlichen Grüßen'],
    [56, 780, 7, `${s.sender} · ${s.senderStreet} · ${s.senderCity} · Amtsgericht Stuttgart HRB 12345`],
    [56, 790, 7, `USt-IdNr. ${s.vat} · Volksbank Stuttgart · IBAN ${s.iban} · BIC ${s.bic}`],
  ];
}

export function invoicePdf(s: InvoiceSpec = GERMAN_INVOICE): Buffer {
  const content = invoiceLines(s).map(([x, y, size, text]) => textLine(x, 842 - y - size, text, size)).join('\n');
  return buildFixturePdf({ pages: [{ content }] });
}

/** The invoice as a scanned image (one text line per row, for OCR). */
export function invoiceScanPng(s: InvoiceSpec = GERMAN_INVOICE): Buffer {
  const lines = [
    s.sender,
    `${s.sender} · ${s.senderStreet} · ${s.senderCity}`,
    s.recipient,
    s.recipientStreet,
    s.recipientCity,
    '',
    'Rechnung',
    `Rechnungsnummer: ${s.number}`,
    `Rechnungsdatum: ${s.date}`,
    '',
    `Summe netto                 ${s.net} EUR`,
    `Umsatzsteuer ${s.rate} %            ${s.tax} EUR`,
    `Rechnungsbetrag             ${s.gross} EUR`,
    '',
    `Bitte überweisen Sie den Betrag bis zum ${s.due}.`,
    `USt-IdNr. ${s.vat}`,
    `IBAN ${s.iban}   BIC ${s.bic}`,
  ];
  return textImagePng(lines, { width: 2000, height: 1900, fontSize: 40, lineHeight: 95 });
}

/** A page model straight from positioned lines (one word per whitespace-separated token). */
export function pageFromLines(lines: Array<[number, number, number, string]>, page = 1, ref = 'main'): PageText {
  const words: Word[] = [];
  const out: PageText['lines'] = [];
  const rows = new Map<number, Array<[number, number, number, string]>>();
  for (const l of lines) rows.set(l[1], [...(rows.get(l[1]) ?? []), l]);
  for (const y of [...rows.keys()].sort((a, b) => a - b)) {
    const idx: number[] = [];
    for (const [x, , size, text] of rows.get(y)!.sort((a, b) => a[0] - b[0])) {
      let cx = x;
      for (const t of text.split(' ')) {
        const w = t.length * size * 0.5;
        idx.push(words.length);
        words.push({ text: t, bbox: { x: cx, y, w, h: size }, confidence: 100 });
        cx += w + size * 0.28;
      }
    }
    const ws = idx.map((i) => words[i]!);
    out.push({ text: ws.map((w) => w.text).join(' '), words: idx, bbox: { x: ws[0]!.bbox.x, y, w: ws[ws.length - 1]!.bbox.x + ws[ws.length - 1]!.bbox.w - ws[0]!.bbox.x, h: Math.max(...ws.map((w) => w.bbox.h)) } });
  }
  return { page, component_ref: ref, source: 'native', width: 595.28, height: 841.89, words, lines: out, text: out.map((l) => l.text).join('\n') };
}
