// Page images for the OCR tests, drawn with @napi-rs/canvas and the committed DejaVu Sans,
// so every test knows exactly which words are where. Variants (turned, skewed, noisy "phone
// scans") are derived with sharp and a seeded noise generator: deterministic, no files.
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { fixtureFont } from '../../helpers/text-image.js';
import { prng as random } from '../../helpers/fuzz.js';

const FAMILY = fixtureFont();

export interface DrawnWord {
  text: string;
  /** Box of the drawn glyphs (pixels, top-left origin). */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DrawnPage {
  png: Buffer;
  width: number;
  height: number;
  words: DrawnWord[];
}


/** Lines of an invoice-like page: [text, font size px, x, y (top)]. */
export const INVOICE_LINES: Array<[string, number, number, number]> = [
  ['Müller GmbH', 44, 110, 110],
  ['Hauptstraße 12, 10115 Berlin', 26, 110, 180],
  ['Rechnung Nr. 2026-0042', 30, 110, 300],
  ['Datum: 14.03.2026', 26, 110, 350],
  ['Artikel Größe Menge Betrag', 26, 110, 470],
  ['Versandkarton Größe L 3 27,00 €', 26, 110, 520],
  ['Gebühr 12,50 €', 26, 110, 570],
  ['Summe 39,50 €', 26, 110, 660],
  ['Bitte prüfen Sie Straße und Hausnummer.', 26, 110, 780],
  ['Zahlbar bis 28.03.2026 ohne Abzug.', 26, 110, 830],
];

/** A French invoice page: accented names and labels ("Hôtel", "Lefèvre", "Échéance") beside amounts and dates. */
export const FRENCH_INVOICE_LINES: Array<[string, number, number, number]> = [
  ['Boulangerie Morel SAS', 40, 110, 110],
  ['14 rue de la République, 69002 Lyon', 26, 110, 180],
  ['Hôtel des Arts SAS', 28, 110, 300],
  ['Cabinet Lefèvre', 28, 110, 350],
  ['Facture N° F-2024-118 du 12/03/2024', 30, 110, 470],
  ['Désignation Quantité Prix unitaire HT Montant HT', 26, 110, 560],
  ['Pain de campagne pour le petit déjeuner 3 27,00 €', 26, 110, 610],
  ['Total HT 27,00 € TVA 5,5 % 1,49 € Total TTC 28,49 €', 26, 110, 700],
  ['Conditions de paiement : à réception de la facture.', 26, 110, 820],
  ['Échéance le 12/04/2024 par virement sur le compte.', 26, 110, 870],
];

/** A Spanish invoice page: accented names and labels ("Ibáñez", "Núñez", "Descripción") beside amounts and dates. */
export const SPANISH_INVOICE_LINES: Array<[string, number, number, number]> = [
  ['Panadería Ibáñez S.L.', 40, 110, 110],
  ['Calle de la Peña 14, 28013 Madrid', 26, 110, 180],
  ['Cliente: Construcciones Núñez', 28, 110, 300],
  ['Factura N° F-2024-118 con fecha 12/03/2024', 28, 110, 420],
  ['Descripción Cantidad Precio Importe', 26, 110, 520],
  ['Pan de campaña para el desayuno 3 27,00 €', 26, 110, 570],
  ['Base imponible 27,00 € IVA 10 % 2,70 € Total 29,70 €', 26, 110, 660],
  ['Forma de pago: transferencia a la cuenta del cliente.', 26, 110, 780],
  ['Vencimiento el 12/04/2024 por transferencia para los pedidos.', 26, 110, 830],
];

/** A Czech invoice page: "Nový", "Dvořák", "Příbram" and the labels of a Czech invoice beside amounts and dates. */
export const CZECH_INVOICE_LINES: Array<[string, number, number, number]> = [
  ['Pekařství Dvořák s.r.o.', 40, 110, 110],
  ['Náměstí Míru 14, 261 01 Příbram', 26, 110, 180],
  ['Odběratel: Petr Nový', 28, 110, 300],
  ['Faktura daňový doklad číslo 2024118', 28, 110, 420],
  ['Datum vystavení 12.03.2024 Datum splatnosti 12.04.2024', 26, 110, 500],
  ['Položka Množství Cena za položku Celkem bez DPH', 26, 110, 580],
  ['Chléb na snídani 3 27,00 Kč', 26, 110, 630],
  ['Celkem bez DPH 27,00 Kč DPH 12 % 3,24 Kč Celkem k úhradě 30,24 Kč', 24, 110, 720],
  ['Platba na účet dodavatele je splatná do data splatnosti.', 26, 110, 830],
];

/** A white canvas with the test font registered, ready to draw black text. */
function whitePage(width: number, height: number) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000000';
  ctx.textBaseline = 'alphabetic';
  return { canvas, ctx };
}

/**
 * Small print the page reading drops (7 and 8 px DejaVu Sans at 150 dpi, about 3.5 pt): a
 * return-address line above the address and a footer with VAT id, IBAN and register.
 */
export const SMALL_PRINT_LINES: Array<[string, number, number, number]> = [
  ['Muster AG, Postfach 4711, 80331 München', 7, 110, 250],
  ['USt-IdNr. DE123456789 IBAN DE89 3704 0044 0532 0130 00 HRB 12345', 8, 110, 1640],
];

/** An A4 page at 150 dpi with the invoice lines (or `lines`) in black on white. */
export function drawInvoicePage(lines: Array<[string, number, number, number]> = INVOICE_LINES): DrawnPage {
  const width = 1240;
  const height = 1754;
  const { canvas, ctx } = whitePage(width, height);
  const words: DrawnWord[] = [];
  for (const [line, size, x, top] of lines) {
    ctx.font = `${size}px "${FAMILY}"`;
    const baseline = top + size;
    ctx.fillText(line, x, baseline);
    let offset = 0;
    for (const part of line.split(' ')) {
      const before = ctx.measureText(line.slice(0, line.indexOf(part, offset)));
      const m = ctx.measureText(part);
      const left = x + before.width - m.actualBoundingBoxLeft;
      words.push({ text: part, x: left, y: baseline - m.actualBoundingBoxAscent, w: m.actualBoundingBoxRight + m.actualBoundingBoxLeft, h: m.actualBoundingBoxAscent + m.actualBoundingBoxDescent });
      offset = line.indexOf(part, offset) + part.length;
    }
  }
  return { png: canvas.toBuffer('image/png'), width, height, words };
}

/**
 * A "phone scan": turned by `degrees` (counter-clockwise positive, so text rises to the
 * right), slightly defocused, greyish paper, Gaussian-like sensor noise, saved as JPEG.
 */
export async function phoneScan(png: Buffer, degrees: number, sigma = 18): Promise<Buffer> {
  const { data, info } = await sharp(png)
    .rotate(-degrees, { background: '#ffffff' })
    .blur(1.1)
    .grayscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rnd = random(42);
  for (let i = 0; i < data.length; i++) {
    // Sum of three uniforms ≈ Gaussian; paper darkened to ~225, ink lifted to ~35.
    const n = (rnd() + rnd() + rnd() - 1.5) * 2 * sigma;
    const v = 35 + (data[i]! / 255) * 190 + n;
    data[i] = Math.max(0, Math.min(255, Math.round(v)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).toColourspace('b-w').jpeg({ quality: 75 }).toBuffer();
}

/** The page turned clockwise by a quarter or half turn. */
export function turned(png: Buffer, degrees: 90 | 180 | 270): Promise<Buffer> {
  return sharp(png).rotate(degrees).png().toBuffer();
}

/**
 * A short invoice page whose amount "1.234,56" (after "Gesamtbetrag brutto") is blurred
 * (Gaussian, sigma 2.5), as if out of focus or smudged. The other lines are sharp.
 */
export async function blurredAmountPage(): Promise<{ png: Buffer; amount: string; box: DrawnWord }> {
  const size = 26;
  const { canvas, ctx } = whitePage(1240, 500);
  ctx.font = `${size}px "${FAMILY}"`;
  const amount = '1.234,56';
  const label = 'Gesamtbetrag brutto ';
  ctx.fillText('Rechnung Nr. 2026-0042 vom 14.03.2026', 110, 120);
  ctx.fillText('Arbeitspreis Strom 3.120 kWh', 110, 200);
  ctx.fillText(`${label}${amount} EUR`, 110, 280);
  ctx.fillText('Zahlbar bis 28.03.2026 ohne Abzug.', 110, 360);
  const left = Math.round(110 + ctx.measureText(label).width) - 4;
  const box = { text: amount, x: left, y: 280 - size - 4, w: Math.round(ctx.measureText(amount).width) + 8, h: size + 14 };
  const png = canvas.toBuffer('image/png');
  const smudge = await sharp(png).extract({ left: box.x, top: box.y, width: box.w, height: box.h }).blur(2.5).toBuffer();
  return { png: await sharp(png).composite([{ input: smudge, left: box.x, top: box.y }]).png().toBuffer(), amount, box };
}

/**
 * The invoice page with its total set light on a dark band, as designed templates print a "Total" bar (invert31): a
 * near-black band with white letters, and a coloured (mid-blue) heading plate with white letters.
 */
export function drawBandedPage(): { png: Buffer; total: string; heading: string } {
  const width = 1240;
  const height = 1754;
  const { canvas, ctx } = whitePage(width, height);
  for (const [line, size, x, top] of INVOICE_LINES) {
    ctx.font = `${size}px "${FAMILY}"`;
    ctx.fillText(line, x, top + size);
  }
  const heading = 'Leistungsübersicht März';
  const total = 'Gesamtbetrag 1.190,00 EUR';
  // [ground, box x, y, w, h, text, size, text x, baseline]
  const plates: Array<[string, number, number, number, number, string, number, number, number]> = [
    ['#2f5496', 100, 400, 700, 50, heading, 26, 120, 434],
    ['#1a1a1a', 560, 1000, 600, 56, total, 28, 590, 1038],
  ];
  for (const [ground, x, y, w, h, text, size, tx, baseline] of plates) {
    ctx.fillStyle = ground;
    ctx.fillRect(x, y, w, h);
    ctx.fillStyle = '#ffffff';
    ctx.font = `${size}px "${FAMILY}"`;
    ctx.fillText(text, tx, baseline);
  }
  return { png: canvas.toBuffer('image/png'), total, heading };
}

/**
 * A page of a modern template on a cheap office scan (faint36, after the tuned RikoAppDev scan): the invoice number and
 * dates in small grey (#767676, 13 px at 150 dpi) right-aligned under a near-black title, a black items table under a
 * black heading bar. Turned 0.6°, sensor noise, a little blur, JPEG 55, like the corpus scans (scripts/corpus/build.js).
 */
export async function greyInfoBlockScan(grey = '#767676'): Promise<{ jpeg: Buffer; info: string[] }> {
  const { canvas, ctx } = whitePage(1240, 1754);
  const info = ['Invoice No: INV-2026-0042', 'Issue date: 18 Jun 2026', 'Due date: 18 Jul 2026'];
  ctx.fillStyle = '#222222';
  ctx.font = `bold 36px "${FAMILY}"`;
  ctx.fillText('INVOICE', 930, 130);
  ctx.fillStyle = grey;
  ctx.font = `13px "${FAMILY}"`;
  ctx.textAlign = 'right';
  info.forEach((line, i) => ctx.fillText(line, 1140, 175 + i * 19));
  ctx.textAlign = 'left';
  ctx.fillStyle = '#111111';
  ctx.font = `bold 18px "${FAMILY}"`;
  ctx.fillText('Bill to: Contoso Ltd.', 100, 330);
  ctx.fillRect(100, 420, 1040, 36);
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold 15px "${FAMILY}"`;
  ctx.fillText('Description                 Qty        Unit price        Amount', 110, 444);
  ctx.fillStyle = '#000000';
  ctx.font = `15px "${FAMILY}"`;
  for (let i = 0; i < 30; i++) ctx.fillText(`Aurora wireless keyboard model ${i + 1}        12        $49.00        $588.00`, 110, 490 + i * 28);
  ctx.font = `bold 18px "${FAMILY}"`;
  ctx.fillText('Total due   $5,732.06', 800, 1400);
  const { data, info: size } = await sharp(canvas.toBuffer('image/png'))
    .grayscale()
    .rotate(0.6, { background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rnd = random(1);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + (rnd() + rnd() + rnd() - 1.5) * 16)));
  const jpeg = await sharp(data, { raw: { width: size.width, height: size.height, channels: 1 } }).blur(0.6).toColourspace('b-w').jpeg({ quality: 55 }).toBuffer();
  return { jpeg, info };
}
