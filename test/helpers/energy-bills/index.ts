// Generator of German energy bills for development and tests: own suppliers, tariffs and
// wording in several house styles (styles.ts), real PDFs (Helvetica/Courier text layers),
// scanned variants (rendered with pdf.js, degraded with skew, noise, blur and JPEG loss,
// re-wrapped as image-only PDFs) and ground truth in the samples' *.truth.json format.
import { mkdirSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderPdfPage } from '../../../engine/formats/pdf/index.js';
import { ENERGY_PROFILE_ID, ENERGY_PROFILE_VERSION, ENERGY_SCHEMA_VERSION, type EnergyInvoice } from '../../../engine/profiles/energy/payload.js';
import { buildFixturePdf, type FixturePage } from '../pdf-fixtures.js';
import { type Bill, type HardCases, type Kind, Rng, billModel, customerModel, supplierModel } from './model.js';
import { HARD_STYLES, STYLES, type Style, priceLetter, renderBill } from './styles.js';
import { invoiceData } from './truth.js';

export { HARD_STYLES, STYLES, type Style } from './styles.js';
export { billModel, Rng } from './model.js';

const COURIER = () => '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>';

export interface GeneratedTruth {
  id: string;
  profile: string;
  profile_version: string;
  schema_version: string;
  layout: string;
  scanned: boolean;
  doc_kind: string;
  packet: { page_count: number; invoice_count: number; commodities: string[]; supplier_name: string | null; source_components: Array<{ component_ref: string; kind: string; pages: number[] }> };
  invoices: EnergyInvoice[];
  expected_outcome: 'accepted' | 'unsupported';
  /** The traps a hard-case house style printed (model.HardCases), for tests that must cover them. */
  hard_cases?: HardCases[];
}

export interface GeneratedDoc {
  id: string;
  style: Style | 'multi' | 'letter';
  scanned: boolean;
  pdf: string;
  truth: GeneratedTruth;
}

export interface Spec {
  style: Style | 'multi' | 'letter';
  kind?: Kind;
  commodity?: 'electricity' | 'gas';
  twoRegisters?: boolean;
  priceChange?: boolean;
}

/** Build one document (native PDF bytes and its truth). */
export function generateDocument(seed: number, spec: Spec, id = `gen-${seed}`): { pdf: Buffer; truth: GeneratedTruth } {
  const rng = new Rng(seed);
  const supplier = supplierModel(rng);
  const customer = customerModel(rng);
  const bills: Array<{ bill: Bill; pages: FixturePage[]; omit: string[] }> = [];
  let letter = false;
  if (spec.style === 'letter') {
    const b = billModel(rng, { kind: 'invoice', commodity: spec.commodity ?? 'electricity', supplier, customer });
    letter = true;
    bills.push({ bill: b, pages: priceLetter(b), omit: [] });
  } else if (spec.style === 'multi') {
    // One customer, one supplier, two independently issued invoices (electricity and gas).
    for (const commodity of ['electricity', 'gas'] as const) {
      const b = billModel(rng, { kind: 'invoice', commodity, supplier, customer, priceChange: spec.priceChange });
      bills.push({ bill: b, ...renderBill('compact', b) });
    }
  } else {
    const b = billModel(rng, { kind: spec.kind ?? 'invoice', commodity: spec.commodity ?? 'electricity', supplier, customer, twoRegisters: spec.twoRegisters, priceChange: spec.priceChange, longNames: spec.style === 'ledger', hard: (HARD_STYLES as readonly string[]).includes(spec.style) });
    bills.push({ bill: b, ...renderBill(spec.style, b) });
  }
  const pages = bills.flatMap((x) => x.pages);
  const pdf = buildFixturePdf({ pages, extraFont: COURIER });
  let at = 1;
  const invoices: EnergyInvoice[] = letter
    ? []
    : bills.map((x, i) => {
        const first = at;
        at += x.pages.length;
        return { invoice_ref: `inv-${i + 1}`, page_range: { first, last: at - 1 }, outcome: 'accepted', review_reasons: [], data: invoiceData(x.bill, x.omit) };
      });
  const truth: GeneratedTruth = {
    id, profile: ENERGY_PROFILE_ID, profile_version: ENERGY_PROFILE_VERSION, schema_version: ENERGY_SCHEMA_VERSION, layout: spec.style, scanned: false,
    doc_kind: letter ? 'letter' : bills.length > 1 ? 'packet' : bills[0]!.bill.kind,
    packet: {
      page_count: pages.length, invoice_count: invoices.length, commodities: letter ? [] : [...new Set(bills.map((x) => x.bill.commodity))], supplier_name: letter ? null : supplier.name,
      source_components: [{ component_ref: 'main', kind: 'pdf', pages: pages.map((_, i) => i + 1) }],
    },
    invoices, expected_outcome: letter ? 'unsupported' : 'accepted',
    ...(bills.some((x) => x.bill.hard) ? { hard_cases: bills.map((x) => x.bill.hard).filter((h): h is HardCases => h !== null) } : {}),
  };
  return { pdf, truth };
}

/** A development set: styles, kinds and commodities cycle with the seed; some documents scanned. */
export function specFor(i: number, rng: Rng, hard = false): Spec {
  const styles: Array<Spec['style']> = hard ? [...HARD_STYLES] : [...STYLES, 'multi', 'letter'];
  const style = styles[i % styles.length]!;
  const kind = rng.pick<Kind>(['invoice', 'invoice', 'invoice', 'final_invoice', 'credit_note', 'interim_invoice']);
  return { style, kind, commodity: rng.chance(0.3) ? 'gas' : 'electricity', twoRegisters: rng.chance(0.3), priceChange: rng.chance(0.4) };
}

/** `hard`: only the hard-case house styles (HARD_STYLES), every bill with model.HardCases. */
export async function generateSet(dir: string, opts: { seed: number; count: number; scannedRatio?: number; hard?: boolean }): Promise<GeneratedDoc[]> {
  mkdirSync(dir, { recursive: true });
  const rng = new Rng(opts.seed);
  const out: GeneratedDoc[] = [];
  for (let i = 0; i < opts.count; i++) {
    const spec = specFor(i, rng, opts.hard);
    const scanned = rng.chance(opts.scannedRatio ?? 0);
    const id = `gen-${opts.hard ? 'hard-' : ''}${opts.seed}-${String(i + 1).padStart(3, '0')}`;
    const pdfPath = join(dir, `${id}.pdf`);
    const truthPath = join(dir, `${id}.truth.json`);
    if (existsSync(pdfPath) && existsSync(truthPath)) {
      out.push({ id, style: spec.style, scanned, pdf: pdfPath, truth: JSON.parse(readFileSync(truthPath, 'utf8')) as GeneratedTruth });
      continue;
    }
    const { pdf, truth } = generateDocument(opts.seed * 1000 + i, spec, id);
    truth.scanned = scanned;
    const nativePath = scanned ? join(dir, `${id}.native.pdf`) : pdfPath;
    writeFileSync(nativePath, pdf);
    if (scanned) writeFileSync(pdfPath, await scanVariant(nativePath, truth.packet.page_count, opts.seed * 7 + i));
    writeFileSync(truthPath, JSON.stringify(truth, null, 2));
    out.push({ id, style: spec.style, scanned, pdf: pdfPath, truth });
  }
  return out;
}

/**
 * The scanned twin of a native PDF: every page rendered at 200 dpi, slightly rotated, given
 * paper tone, gray noise and light blur, JPEG-compressed and wrapped as an image-only PDF.
 */
export async function scanVariant(nativePdf: string, pageCount: number, seed: number): Promise<Buffer> {
  const rng = new Rng(seed);
  const pages: FixturePage[] = [];
  for (let p = 1; p <= pageCount; p++) {
    const r = await renderPdfPage(nativePdf, p, { dpi: 200, format: 'png' });
    const angle = (rng.next() - 0.5) * 2.4; // ≤ 1.2°
    const { data, info } = await sharp(r.data).grayscale().rotate(angle, { background: { r: 246, g: 244, b: 238 } }).resize(r.widthPx, r.heightPx, { fit: 'cover' }).blur(0.6).raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i++) {
      const noise = (rng.next() - 0.5) * 36;
      data[i] = Math.max(0, Math.min(255, Math.round(data[i]! * 0.96 + 6 + noise)));
    }
    const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).toColourspace('b-w').jpeg({ quality: 55 + rng.int(0, 20) }).toBuffer();
    pages.push({ content: 'q 595 0 0 842 0 0 cm /Im1 Do Q', images: [{ name: 'Im1', width: info.width, height: info.height, jpeg, channels: 1 }] });
  }
  return buildFixturePdf({ pages });
}
