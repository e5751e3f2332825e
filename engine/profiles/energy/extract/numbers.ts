// The bill's own numbers printed once (eighth pass): invoice, customer, contract-account,
// contract and meter numbers have no check digit, and most bills print them once, so nothing
// but their own printing can contradict them. What can: a token cut short (at the line end, by
// a neighbouring column, or an amount/decimal read up to its comma), label text swallowed into
// the value, a value that is another kind of number (a postcode, a phone or IBAN fragment, a
// date), the same number under another field's label. (A second value under the same label is
// a rival already: DocView.labelledWithRivals, fourth pass.) Each leaves the field to a reviewer; a number that passes them keeps its label-based confirmation.
import type { Segment } from '../../../extract/evidence.js';
import { findDates } from '../../../extract/normalize/date.js';
import type { InvoiceData } from '../payload.js';
import type { DocView, EvidenceLog } from './doc.js';
import { sameId } from './doc.js';

/** A label family of a number field, with the parser its extractor uses. */
export interface NumberFamily {
  /** `identity.customer_number`, `meter.meter_number` (every meter), … */
  field: string;
  label: RegExp;
  parse: (text: string) => string | null;
}

const digitsOf = (t: string) => t.replace(/\D/g, '');
const compactId = (t: string) => t.replace(/[\s./-]/g, '').toUpperCase();

/** Label abbreviations a value must not start with ("Nr 12345": the label ran into the value). */
const LABEL_TOKEN = /^(?:nr|no|kd|kdnr|vk|vkto|kto|vtr|vertr|rechn|zähler|zaehler|zähl|konto|vertrag|kunde)\.?(?:\s|$)/i;
/** A phone or fax number as printed after its label. */
const PHONE = /(?:tel(?:efon)?|fax|telefax|hotline|service(?:nummer|-?nr\.?|telefon)?|mobil|rufnummer)\.?\s*:?\s*((?:\+|\(?0)[\d\s/().-]{5,24}\d)/gi;
const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}(?:\s?[A-Z0-9]{1,3})?\b/g;

/** Why a number's printing contradicts it, or null. */
export function numberDoubt(view: DocView, value: string, seg: Segment | null, lineText: string, others: Array<{ field: string; value: string }>, extra: { postcodes: string[] }): string | null {
  const v = value.trim();
  if (LABEL_TOKEN.test(v)) return `"${v}" begins with label text`;
  if (findDates(v).length) return `"${v}" is a date`;
  const cell = seg?.text ?? lineText;
  const at = cell.indexOf(v);
  if (at >= 0) {
    const after = cell.slice(at + v.length);
    // "123456,78": an amount or decimal read up to its comma; "4711-" / "4711/": the number goes on.
    if (/^[,.]\d/.test(after) || /^[-/]\s*$/.test(after)) return `the printing goes on after it ("${cell.slice(at, at + v.length + 4).trim()}")`;
    if (/^\d/.test(after) || /\d/.test(cell[at - 1] ?? '')) return `"${v}" is part of a longer token in "${cell}"`;
  }
  if (seg) {
    const line = view.ev.lines[seg.line];
    // Cut by a neighbouring column: the next cell on the row is a short digit group.
    const next = line?.segments[line.segments.indexOf(seg) + 1];
    if (next && /^\d{1,4}$/.test(next.text.trim()) && next.bbox.x - (seg.bbox.x + seg.bbox.w) < seg.bbox.h * 2.5 && cell.trimEnd().endsWith(v)) {
      return `the next cell "${next.text.trim()}" may continue it`;
    }
    // Cut at the line end: a short digit group right below, aligned with the value's cell.
    if (line && cell.trimEnd().endsWith(v)) {
      const lower = (view.ev.pages.get(line.page) ?? []).find((l) => l.bbox.y > seg.bbox.y + seg.bbox.h * 0.6 && l.bbox.y - seg.bbox.y < seg.bbox.h * 1.6);
      const cont = lower?.segments.find((s) => Math.abs(s.bbox.x - seg.bbox.x) < 3 && /^[\dA-Z]{1,6}$/.test(s.text.trim()) && /\d/.test(s.text));
      if (cont && !sameId(cont.text, v) && cont.text.trim().length < compactId(v).length) return `the line below continues it ("${cont.text.trim()}")`;
    }
  }
  const d = digitsOf(v);
  if (/^\d{5}$/.test(compactId(v)) && extra.postcodes.includes(d)) return `${v} is a postcode printed on the bill`;
  if (d.length >= 5) {
    const text = view.lines.map((l) => l.text).join('\n');
    const token = new RegExp(`(?<!\\d)${v.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?!\\d)`);
    for (const m of text.matchAll(PHONE)) if (token.test(m[1]!) || (d.length >= 6 && digitsOf(m[1]!).endsWith(d))) return `${v} is part of the phone number "${m[1]!.trim()}"`;
    for (const m of text.matchAll(IBAN)) if (d.length >= 6 && compactId(m[0]).slice(4).includes(compactId(v))) return `${v} is part of the IBAN ${m[0]}`;
  }
  const twin = others.find((o) => sameIdExact(o.value, v));
  if (twin) return `${v} is also printed as the ${twin.field.replace(/^.*\./, '').replace(/_/g, ' ')}`;
  return null;
}

/** Equal once print separators are gone (not a prefix: "4711" is not "47110815"). */
const sameIdExact = (a: string, b: string) => compactId(a) === compactId(b);

/**
 * Doubts numbers whose printing contradicts them. `families`: the label families of the
 * invoice's number fields; a value another family's label gives is another field's number.
 */
export function checkNumbersPrintedOnce(view: DocView, log: EvidenceLog, data: InvoiceData, families: NumberFamily[]): void {
  const read: Array<{ entity: string; field: string; value: string }> = [];
  for (const k of ['invoice_number', 'customer_number', 'contract_account', 'contract_number'] as const) {
    const v = data.identity[k];
    if (v) read.push({ entity: 'identity', field: k, value: v });
  }
  for (const m of data.meters) if (m.meter_number) read.push({ entity: m.entity_ref, field: 'meter_number', value: m.meter_number });
  const postcodes = [data.customer.billing_address?.postal_code, data.supplier.address?.postal_code, ...data.supply_points.map((sp) => sp.service_address?.postal_code)].filter((p): p is string => !!p);
  // Every value each family's labels give on the invoice's pages.
  // A label cell that says more than the label ("Ferraris-Zähler (konventionell)") labels nothing.
  const hits = families.map((f) => ({ f, hits: [...view.labelledHits(f.label, f.parse, { below: true })].filter((h) => h.bare) }));
  const familyOf = (r: { entity: string; field: string }) => (r.field === 'meter_number' ? 'meter.meter_number' : `${r.entity}.${r.field}`);
  for (const r of read) {
    const rec = log.records.find((x) => x.entity_ref === r.entity && x.field === r.field);
    if (!rec || rec.unconfirmed) continue;
    const fam = familyOf(r);
    const line = view.lines.find((l) => l.page === rec.physical_page && l.segments.some((s) => s.text === rec.text));
    const seg = line?.segments.find((s) => s.text === rec.text) ?? null;
    // Other fields' numbers: those read, supply point ids, and every value another family's label gives.
    const others = [
      ...read.filter((o) => familyOf(o) !== fam).map((o) => ({ field: o.field, value: o.value })),
      ...data.supply_points.flatMap((sp) => [sp.malo_id, sp.melo_id, sp.legacy_metering_point_id].filter((x): x is string => !!x).map((x) => ({ field: 'supply point id', value: x }))),
      ...hits.filter((h) => h.f.field !== fam).flatMap((h) => h.hits.map((x) => ({ field: h.f.field, value: x.value }))),
    ];
    const why = numberDoubt(view, r.value, seg, rec.text, others, { postcodes });
    if (why) log.doubt(r.entity, r.field, why);
  }
}
