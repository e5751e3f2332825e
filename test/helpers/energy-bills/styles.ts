// House styles of generated bills. None copies a sample layout: monospace mass print,
// a sidebar form, a prose letter, a long table that crosses page breaks with carry-overs,
// a cooperative's key/value letter with long dates, a compact municipal layout (used for
// gas with conversion and for multi-utility packets) and a price-change letter (not an invoice).
import type { FixturePage } from '../pdf-fixtures.js';
import { type Bill, type ChargeRow, type RegisterModel, eur } from './model.js';
import { type Omit } from './truth.js';
import { PageWriter, dec, de, dmy, longDate, money } from './writer.js';

export interface Rendered {
  pages: FixturePage[];
  omit: Omit;
}

export const STYLES = ['mono', 'sidebar', 'prose', 'longtable', 'cooperative', 'compact', 'ledger'] as const;
/** House styles printing the hard cases of model.HardCases (bills built with `hard: true`). */
export const HARD_STYLES = ['portal'] as const;
export type Style = (typeof STYLES)[number] | (typeof HARD_STYLES)[number];

const KIND_DE = { actual: 'Ablesung', customer: 'Kundenablesung', estimated: 'Schätzung' } as const;
/** One-letter reading-kind codes of a legend (portal's hard case `kind_codes`); E is a substitute value, an estimate. */
const KIND_CODE = { actual: 'A', customer: 'K', estimated: 'E' } as const;
const METER_DE = { conventional: 'Ferraris-Zähler', modern: 'moderne Messeinrichtung', smart: 'intelligentes Messsystem' } as const;
const TITLE = (b: Bill) => {
  const c = b.commodity === 'gas' ? 'Erdgas' : 'Strom';
  return { invoice: `Jahresabrechnung ${c}`, final_invoice: `Schlussrechnung ${c}`, credit_note: `Gutschrift ${c}`, interim_invoice: `Abschlagsrechnung ${c}` }[b.kind];
};
const qty = (c: ChargeRow) => (c.unit === 'kWh' ? `${de(Number(c.quantity), 0)} kWh` : `${c.quantity} Tage`);
const price = (c: ChargeRow, euro = '€') => (c.price_unit === 'ct/kWh' ? `${dec(c.printed_price)} ct/kWh` : `${dec(c.printed_price)} ${euro}/Jahr`);
const span = (a: string, b: string, sep = ' - ') => `${dmy(a)}${sep}${dmy(b)}`;
const regLabel = (r: RegisterModel) => (r.label === 'single' ? 'Eintarif' : r.label);
const addr = (p: { street: string; house_number: string; postal_code: string; city: string }) => `${p.street} ${p.house_number}, ${p.postal_code} ${p.city}`;

function paymentText(b: Bill, you: 'Sie' | 'du' = 'Sie'): string {
  const amount = `${money(b.balance_cents)} €`;
  const Ihr = you === 'Sie' ? 'Ihrem' : 'deinem';
  if (b.direction === 'credit') return `Das Guthaben von ${amount} überweisen wir in den nächsten Tagen auf ${you === 'Sie' ? 'Ihr' : 'dein'} Konto IBAN ${groupIban(b.customer_iban)} (BIC ${b.customer_bic}).`;
  if (b.method === 'sepa_direct_debit') return `Den Betrag von ${amount} buchen wir am ${dmy(b.due_date)} per SEPA-Lastschrift von ${Ihr} Konto IBAN ${groupIban(b.customer_iban)} (BIC ${b.customer_bic}) ab. Mandatsreferenz: ${b.mandate}, Gläubiger-ID: ${b.supplier.creditor_id}.`;
  return `Bitte überweisen ${you === 'Sie' ? 'Sie' : 'du'} den Betrag von ${amount} bis zum ${dmy(b.due_date)} auf unser Konto IBAN ${groupIban(b.supplier.iban)}, BIC ${b.supplier.bic}. Verwendungszweck: ${b.invoice_number}`;
}
export const groupIban = (i: string) => i.replace(/(.{4})/g, '$1 ').trim();

function balanceLabel(b: Bill): string {
  return b.direction === 'credit' ? 'Guthaben' : 'Nachzahlung';
}

/** The compact and ledger styles' closing block: totals, payment text, consumption, advance plan. */
function totalsAndPlan(w: PageWriter, b: Bill, o: { grossLabel: string; planPerRow: number; planColumn: number; planAmountRight: number; currency: string }): void {
  const sum = (k: string, v: string) => {
    w.need(12);
    w.text(300, w.y, k, 8.5, 'F2');
    w.right(555, w.y, v, 8.5, 'F2');
    w.y += 12;
  };
  sum('Summe netto', money(b.net_cents));
  sum(`Umsatzsteuer 19 % auf ${money(b.net_cents)}`, money(b.vat_cents));
  sum(o.grossLabel, money(b.gross_cents));
  if (b.advances_cents) sum(`abzüglich Abschläge (${b.advance_count})`, `-${money(b.advances_cents)}`);
  sum(balanceLabel(b), money(b.balance_cents));
  w.y += 6;
  w.para(40, 515, paymentText(b), 8.5);
  if (b.kind !== 'interim_invoice') w.para(40, 515, `Ihr Verbrauch ${de(b.total_kwh, 0)} kWh; Vorjahr ${de(b.prior_kwh, 0)} kWh.`, 8.5);
  if (!b.plan.length) return;
  w.need(24 + 6 * 12);
  w.text(40, w.y, 'Abschlagsplan', 9, 'F2');
  w.y += 12;
  for (let i = 0; i < b.plan.length; i += o.planPerRow) {
    b.plan.slice(i, i + o.planPerRow).forEach((p, j) => {
      w.text(40 + j * o.planColumn, w.y, dmy(p.date), 8.5);
      w.right(o.planAmountRight + j * o.planColumn, w.y, `${money(p.cents)} ${o.currency}`, 8.5);
    });
    w.y += 12;
  }
}

/** A tariff table row per price period: name, validity, ct/kWh and €/year right-aligned. */
function tariffRows(w: PageWriter, b: Bill, o: { x: number; spanX: number; ctRight: number; baseRight: number; size: number; lead: number }): void {
  for (const t of b.tariffs) {
    w.text(o.x, w.y, t.name, o.size);
    w.text(o.spanX, w.y, span(t.from, t.to), o.size);
    w.right(o.ctRight, w.y, `${dec(t.ct)} ct/kWh`, o.size);
    w.right(o.baseRight, w.y, `${dec(t.base_year)} €/Jahr`, o.size);
    w.y += o.lead;
  }
}

/** The gas conversion as label/value rows (Z, Hs, energy). */
function gasRows(kv: (k: string, v: string) => void, g: NonNullable<Bill['gas']>): void {
  kv('Zustandszahl', dec(g.z));
  kv('Brennwert', `${dec(g.hs)} kWh/m³`);
  kv('Energiemenge', `${de(g.kwh, 0)} kWh`);
}

/** A charge table row per line: description, period, quantity, price and amount right-aligned. */
/** `twoLine`: the index of a charge whose name is a cell of two lines, the amount on its last (portal hard case). */
function chargeRows(w: PageWriter, b: Bill, o: { x: number; spanX: number; qtyRight: number; priceRight: number; amountRight: number; size: number; lead: number; amountSuffix: string }, twoLine: number | null = null): void {
  for (const [k, c] of b.charges.entries()) {
    w.need(o.lead);
    if (k === twoLine) {
      const words = c.description.split(' ');
      const cut = Math.ceil(words.length / 2);
      w.text(o.x, w.y, words.slice(0, cut).join(' '), o.size);
      w.y += o.lead - 2;
      w.text(o.x, w.y, words.slice(cut).join(' '), o.size);
    } else w.text(o.x, w.y, c.description, o.size);
    w.text(o.spanX, w.y, span(c.start, c.end), o.size);
    w.right(o.qtyRight, w.y, qty(c), o.size);
    w.right(o.priceRight, w.y, price(c), o.size);
    w.right(o.amountRight, w.y, `${money(c.net_cents)}${o.amountSuffix}`, o.size);
    w.y += o.lead;
  }
}

// ------------------------------------------------------------------ 1. monospace mass print

function mono(b: Bill): Rendered {
  const w = new PageWriter();
  const S = 8.4;
  const F = 'F3' as const;
  const L = (s: string) => {
    w.need(S * 1.5);
    w.text(40, w.y, s, S, F);
    w.y += S * 1.5;
  };
  const pad = (s: string, n: number) => (s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length));
  const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
  w.y = 50;
  L(b.supplier.name);
  L(`${b.supplier.street} ${b.supplier.house_number}, ${b.supplier.postal_code} ${b.supplier.city}`);
  w.y += 30;
  L(`${b.customer.salutation.toUpperCase()}`);
  L(b.customer.name.toUpperCase());
  L(`${b.customer.street} ${b.customer.house_number}`);
  L(`${b.customer.postal_code} ${b.customer.city}`);
  w.y += 20;
  L(`${pad('RECHNUNGSNUMMER', 20)}  ${b.invoice_number}`);
  L(`${pad('RECHNUNGSDATUM', 20)}  ${dmy(b.invoice_date)}`);
  L(`${pad('KUNDENNUMMER', 20)}  ${b.customer_number}`);
  L(`${pad('VERTRAGSKONTO', 20)}  ${b.contract_account}`);
  L(`${pad('VERTRAGSNUMMER', 20)}  ${b.contract_number}`);
  w.y += 10;
  L(`${TITLE(b).toUpperCase()}`);
  L(`${pad('ABRECHNUNGSZEITRAUM', 20)}  ${span(b.period.start, b.period.end)}`);
  w.y += 6;
  L(`${pad('LIEFERSTELLE', 20)}  ${addr(b.service)}`);
  L(`${pad('MARKTLOKATION', 20)}  ${b.malo}`);
  L(`${pad('MESSLOKATION', 20)}  ${b.melo}`);
  L(`${pad('NETZBETREIBER', 20)}  ${b.operator}`);
  L(`${pad('BDEW-CODENUMMER', 20)}  ${b.operator_code}`);
  L(`${pad('MESSSTELLENBETREIBER', 20)}  ${b.metering_operator}`);
  if (b.kind !== 'interim_invoice') {
    L(`${pad('ZAEHLERNUMMER', 20)}  ${b.meter_number}`);
    L(`${pad('ZAEHLERART', 20)}  ${METER_DE[b.meter_type]}`);
    w.y += 6;
    L('ZAEHLERSTAENDE');
    L(`${pad('ZAEHLWERK', 10)}  ${pad('OBIS', 11)}  ${pad('DATUM ALT', 10)}  ${lpad('STAND ALT', 9)}  ${pad('DATUM NEU', 10)}  ${lpad('STAND NEU', 9)}  ${pad('ERMITTLUNG', 26)}  ${lpad('FAKTOR', 6)}`);
    for (const r of b.registers) L(`${pad(regLabel(r), 10)}  ${pad(r.obis ?? '-', 11)}  ${dmy(b.period.start)}  ${lpad(String(r.start), 9)}  ${dmy(b.period.end)}  ${lpad(String(r.end), 9)}  ${pad(`${KIND_DE[r.kind_start]}/${KIND_DE[r.kind_end]}`, 26)}  ${lpad(String(r.multiplier), 6)}`);
    if (b.gas) L(`UMRECHNUNG: ${de(b.gas.volume_m3, 0)} M3 X ZUSTANDSZAHL ${dec(b.gas.z)} X BRENNWERT ${dec(b.gas.hs)} KWH/M3 = ${de(b.gas.kwh, 0)} KWH`);
  }
  w.y += 6;
  L('PREISE');
  for (const t of b.tariffs) L(`${pad(t.name.toUpperCase(), 22)}  ${span(t.from, t.to)}  ARBEITSPREIS ${dec(t.ct)} CT/KWH  GRUNDPREIS ${dec(t.base_year)} EUR/JAHR`);
  w.y += 6;
  L('RECHNUNGSPOSITIONEN');
  L(`${pad('POSITION', 26)}  ${pad('ZEITRAUM', 23)}  ${lpad('MENGE', 11)}  ${lpad('PREIS', 16)}  ${lpad('BETRAG EUR', 11)}`);
  for (const c of b.charges) L(`${pad(c.description.toUpperCase(), 26)}  ${span(c.start, c.end)}  ${lpad(qty(c).toUpperCase(), 11)}  ${lpad(price(c, 'EUR').toUpperCase(), 16)}  ${lpad(money(c.net_cents), 11)}`);
  L(`${pad('SUMME NETTO', 83)}  ${lpad(money(b.net_cents), 11)}`);
  L(`${pad(`UMSATZSTEUER 19 % AUF ${money(b.net_cents)}`, 83)}  ${lpad(money(b.vat_cents), 11)}`);
  L(`${pad('RECHNUNGSBETRAG BRUTTO', 83)}  ${lpad(money(b.gross_cents), 11)}`);
  if (b.advances_cents) L(`${pad(`ABZUEGLICH GELEISTETE ABSCHLAEGE (${b.advance_count})`, 83)}  ${lpad(`-${money(b.advances_cents)}`, 11)}`);
  L(`${pad(balanceLabel(b).toUpperCase(), 83)}  ${lpad(money(b.balance_cents), 11)}`);
  w.y += 6;
  for (const line of wrapText(paymentText(b).toUpperCase().replace('IBAN', 'IBAN'), 96)) L(line);
  if (b.kind !== 'interim_invoice') L(`VORJAHRESVERBRAUCH ${de(b.prior_kwh, 0)} KWH`);
  if (b.plan.length) {
    w.y += 6;
    L('ABSCHLAGSPLAN');
    for (let i = 0; i < b.plan.length; i += 3) L(b.plan.slice(i, i + 3).map((p) => `${dmy(p.date)}  ${lpad(money(p.cents), 8)} EUR`).join('      '));
  }
  const pages = w.finish((pw, i, n) => {
    pw.text(470, 30, `SEITE ${i + 1} VON ${n}`, S, F, i);
    pw.text(40, 790, `${b.supplier.name} - ${b.supplier.court.toUpperCase()} ${b.supplier.hrb} - UST-IDNR. ${b.supplier.vat_id} - STEUERNR. ${b.supplier.tax_number}`, 7, F, i);
    pw.text(40, 800, `${b.supplier.bank.toUpperCase()} - IBAN ${groupIban(b.supplier.iban)} - BIC ${b.supplier.bic} - GLAEUBIGER-ID ${b.supplier.creditor_id}`, 7, F, i);
  });
  return { pages, omit: ['supply_points.legacy_metering_point_id'] };
}

function wrapText(s: string, n: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const wd of s.split(' ')) {
    if ((cur + ' ' + wd).trim().length > n) {
      out.push(cur);
      cur = wd;
    } else cur = (cur + ' ' + wd).trim();
  }
  if (cur) out.push(cur);
  return out;
}

// ------------------------------------------------------------------ 2. sidebar form

function sidebar(b: Bill): Rendered {
  const w = new PageWriter();
  const X = 200;
  const R = 555;
  w.text(40, 40, b.supplier.short, 16, 'F2');
  w.text(X, 96, `${b.supplier.name} · ${b.supplier.street} ${b.supplier.house_number} · ${b.supplier.postal_code} ${b.supplier.city}`, 6.5);
  const cust = [b.customer.salutation, b.customer.name, `${b.customer.street} ${b.customer.house_number}`, `${b.customer.postal_code} ${b.customer.city}`];
  cust.forEach((s, i) => w.text(X, 110 + i * 12, s, 10));
  // Sidebar: stacked label / value pairs.
  let sy = 110;
  const side = (label: string, value: string) => {
    w.text(40, sy, label, 7, 'F1');
    w.text(40, sy + 9, value, 9, 'F2');
    sy += 26;
  };
  w.box(34, 100, 150, 330, 0.94);
  side('Rechnungsnummer', b.invoice_number);
  side('Rechnungsdatum', dmy(b.invoice_date));
  side('Kundennummer', b.customer_number);
  side('Vertragskonto', b.contract_account);
  side('Vertragsnummer', b.contract_number);
  side('Marktlokation', b.malo);
  side('Zählernummer', b.kind === 'interim_invoice' ? '-' : b.meter_number);
  side('Zählerart', METER_DE[b.meter_type]);
  side('Kundenservice', b.supplier.phone);
  w.y = 200;
  w.text(X, w.y, TITLE(b), 14, 'F2');
  w.y += 22;
  w.text(X, w.y, `Abrechnungszeitraum: ${span(b.period.start, b.period.end, ' bis ')}`, 9);
  w.y += 20;
  const row = (label: string, value: string, bold = false) => {
    w.need(14);
    w.text(X, w.y, label, 9, bold ? 'F2' : 'F1');
    w.right(R, w.y, value, 9, bold ? 'F2' : 'F1');
    w.y += 14;
  };
  row('Summe netto', `${money(b.net_cents)} €`);
  row(`zzgl. Umsatzsteuer 19 % auf ${money(b.net_cents)} €`, `${money(b.vat_cents)} €`);
  row('Gesamtbetrag brutto', `${money(b.gross_cents)} €`, true);
  if (b.advances_cents) row(`abzüglich Ihrer Abschläge (${b.advance_count})`, `-${money(b.advances_cents)} €`);
  row(b.direction === 'credit' ? 'Ihr Guthaben' : 'Zu zahlender Betrag', `${money(b.balance_cents)} €`, true);
  w.y += 8;
  w.para(X, R - X, paymentText(b), 9);
  w.y += 10;
  w.text(X, w.y, 'Ihre Lieferstelle', 11, 'F2');
  w.y += 16;
  const kv = (label: string, value: string) => {
    w.need(13);
    w.text(X, w.y, label, 9);
    w.text(X + 120, w.y, value, 9);
    w.y += 13;
  };
  kv('Lieferadresse', addr(b.service));
  kv('Messlokation', b.melo.replace(/^(..)(.{6})(.{5})(.*)$/, '$1 $2 $3 $4'));
  kv('Netzbetreiber', `${b.operator} (${b.operator_code})`);
  kv('Messstellenbetreiber', b.metering_operator);
  w.newPage();
  w.y = 90;
  if (b.kind !== 'interim_invoice') {
    w.text(X, w.y, 'Zählerstände', 11, 'F2');
    w.y += 16;
    for (const r of b.registers) {
      w.text(X, w.y, `Zählwerk ${regLabel(r)}${r.obis ? ` · OBIS ${r.obis}` : ''}`, 9);
      w.y += 12;
      w.text(X, w.y, `Anfangsstand ${dmy(b.period.start)}: ${r.start} (${KIND_DE[r.kind_start]})`, 9);
      w.text(X + 180, w.y, `Endstand ${dmy(b.period.end)}: ${r.end} (${KIND_DE[r.kind_end]})`, 9);
      w.y += 12;
      w.text(X, w.y, `Wandlerfaktor ${r.multiplier} · Verbrauch ${de(r.consumption, 0)} ${b.gas ? 'm³' : 'kWh'}`, 9);
      w.y += 16;
    }
    if (b.gas) gasRows(kv, b.gas);
    w.y += 6;
  }
  w.text(X, w.y, 'Ihre Preise', 11, 'F2');
  w.y += 16;
  for (const t of b.tariffs) {
    w.text(X, w.y, t.name, 9);
    w.right(R, w.y, span(t.from, t.to), 9);
    w.y += 12;
    w.text(X, w.y, `Arbeitspreis ${dec(t.ct)} ct/kWh · Grundpreis ${dec(t.base_year)} €/Jahr (netto)`, 9);
    w.y += 16;
  }
  w.text(X, w.y, 'Ihre Kosten im Detail', 11, 'F2');
  w.y += 16;
  for (const c of b.charges) {
    w.need(26);
    w.text(X, w.y, c.description, 9);
    w.right(R, w.y, `${money(c.net_cents)} €`, 9);
    w.y += 11;
    w.text(X, w.y, `${span(c.start, c.end)} · ${qty(c)} × ${price(c)}`, 8);
    w.y += 15;
  }
  row('Summe netto', `${money(b.net_cents)} €`, true);
  w.y += 10;
  if (b.kind !== 'interim_invoice') {
    w.text(X, w.y, `Ihr Verbrauch: ${de(b.total_kwh, 0)} kWh · Vorjahr: ${de(b.prior_kwh, 0)} kWh`, 9);
    w.y += 18;
  }
  if (b.plan.length) {
    w.need(20 + b.plan.length * 12);
    w.text(X, w.y, 'Ihr neuer Abschlagsplan', 11, 'F2');
    w.y += 16;
    for (const p of b.plan) {
      w.text(X, w.y, dmy(p.date), 9);
      w.right(X + 160, w.y, `${money(p.cents)} €`, 9);
      w.y += 12;
    }
  }
  const pages = w.finish((pw, i, n) => {
    pw.right(555, 40, `Seite ${i + 1} von ${n}`, 8, 'F1', i);
    pw.text(40, 790, `${b.supplier.name} · Sitz ${b.supplier.city} · ${b.supplier.court} ${b.supplier.hrb} · USt-IdNr. ${b.supplier.vat_id} · Steuernummer ${b.supplier.tax_number}`, 6.5, 'F1', i);
    pw.text(40, 800, `${b.supplier.bank} · IBAN ${groupIban(b.supplier.iban)} · BIC ${b.supplier.bic} · Gläubiger-ID ${b.supplier.creditor_id}`, 6.5, 'F1', i);
  });
  return { pages, omit: [] };
}

// ------------------------------------------------------------------ 3. prose letter

function prose(b: Bill): Rendered {
  const w = new PageWriter();
  const X = 70;
  const W = 460;
  w.text(X, 40, b.supplier.name, 13, 'F2');
  w.text(X, 56, `${b.supplier.street} ${b.supplier.house_number} · ${b.supplier.postal_code} ${b.supplier.city} · ${b.supplier.phone}`, 8);
  [b.customer.salutation, b.customer.name, `${b.customer.street} ${b.customer.house_number}`, `${b.customer.postal_code} ${b.customer.city}`].forEach((s, i) => w.text(X, 120 + i * 12, s, 10));
  w.right(530, 120, `${b.supplier.city}, ${dmy(b.invoice_date)}`, 10);
  w.y = 200;
  w.text(X, w.y, `${TITLE(b)} Nr. ${b.invoice_number}`, 12, 'F2');
  w.y += 24;
  const name = b.customer.name.split(' ').pop();
  const P = (s: string) => {
    w.para(X, W, s, 9.5);
    w.y += 5;
  };
  P(`Sehr geehrte${b.customer.salutation === 'Frau' ? ' Frau' : 'r Herr'} ${name},`);
  P(`hiermit rechnen wir Ihre Belieferung mit ${b.commodity === 'gas' ? 'Erdgas' : 'Strom'} an der Lieferstelle ${addr(b.service)} (Marktlokation ${b.malo}) für den Zeitraum vom ${longDate(b.period.start)} bis ${longDate(b.period.end)} ab. Ihre Kundennummer lautet ${b.customer_number}, Ihr Vertragskonto ${b.contract_account}, Ihre Vertragsnummer ${b.contract_number}.`);
  if (b.kind !== 'interim_invoice') {
    const r = b.registers;
    P(`Ihr Zähler ${b.meter_number} (${METER_DE[b.meter_type]}) zeigte ${r.map((x) => `im Zählwerk ${regLabel(x)} am ${dmy(b.period.start)} den Stand ${x.start} (${KIND_DE[x.kind_start]}) und am ${dmy(b.period.end)} den Stand ${x.end} (${KIND_DE[x.kind_end]})`).join(' sowie ')}. ${b.gas ? `Die gemessenen ${de(b.gas.volume_m3, 0)} m³ ergeben mit der Zustandszahl ${dec(b.gas.z)} und dem Brennwert ${dec(b.gas.hs)} kWh/m³ eine Energiemenge von ${de(b.gas.kwh, 0)} kWh.` : `Ihr Verbrauch beträgt damit ${de(b.total_kwh, 0)} kWh.`} Im Vorjahr haben Sie ${de(b.prior_kwh, 0)} kWh verbraucht.`);
  }
  P(`Netzbetreiber ist die ${b.operator} (Codenummer ${b.operator_code}), Messstellenbetreiber die ${b.metering_operator}. Messlokation: ${b.melo}.`);
  P(`Es gelten folgende Preise: ${b.tariffs.map((t) => `${t.name} vom ${dmy(t.from)} bis ${dmy(t.to)} mit ${dec(t.ct)} ct/kWh und ${dec(t.base_year)} €/Jahr`).join('; ')}.`);
  P(`Die Summe aller Entgelte beträgt netto ${money(b.net_cents)} €, zuzüglich Umsatzsteuer von ${money(b.vat_cents)} € ergibt sich ein Rechnungsbetrag von ${money(b.gross_cents)} €.${b.advances_cents ? ` Nach Abzug Ihrer Abschläge von ${money(b.advances_cents)} € ergibt sich ein${b.direction === 'credit' ? ' Guthaben' : 'e Nachzahlung'} von ${money(b.balance_cents)} €.` : ''}`);
  P(paymentText(b));
  P('Mit freundlichen Grüßen');
  P(b.supplier.name);
  w.newPage();
  w.y = 70;
  w.text(X, w.y, 'Anlage: Berechnung der Entgelte', 11, 'F2');
  w.y += 18;
  for (const c of b.charges) {
    w.need(14);
    w.text(X, w.y, `${c.description}, ${span(c.start, c.end)}: ${qty(c)} × ${price(c)}`, 8.5);
    w.right(530, w.y, `${money(c.net_cents)} €`, 8.5);
    w.y += 13;
  }
  w.text(X, w.y, 'Summe netto', 8.5, 'F2');
  w.right(530, w.y, `${money(b.net_cents)} €`, 8.5, 'F2');
  w.y += 13;
  w.text(X, w.y, `Umsatzsteuer 19 % auf ${money(b.net_cents)} €`, 8.5);
  w.right(530, w.y, `${money(b.vat_cents)} €`, 8.5);
  w.y += 13;
  w.text(X, w.y, 'Rechnungsbetrag', 8.5, 'F2');
  w.right(530, w.y, `${money(b.gross_cents)} €`, 8.5, 'F2');
  w.y += 24;
  if (b.plan.length) {
    w.para(X, W, `Ihre künftigen Abschläge (Abschlagsplan): ${b.plan.map((p) => `${dmy(p.date)} ${money(p.cents)} €`).join(', ')}.`, 8.5);
  }
  const pages = w.finish((pw, i, n) => {
    pw.text(X, 800, `${b.supplier.name} · ${b.supplier.court}, ${b.supplier.hrb} · USt-IdNr. ${b.supplier.vat_id} · St.-Nr. ${b.supplier.tax_number} · ${b.supplier.web}`, 6.5, 'F1', i);
    pw.right(530, 812, `- ${i + 1} -`, 7, 'F1', i);
    void n;
  });
  // The prose bill prints the plan as a list in running text (kept), every other field too.
  return { pages, omit: [] };
}

// ------------------------------------------------------------------ 4. long table with carry-overs

function longtable(b: Bill): Rendered {
  const w = new PageWriter();
  w.bottom = 720;
  w.text(40, 36, b.supplier.short.toUpperCase(), 18, 'F2');
  w.text(40, 60, `${b.supplier.name}, ${b.supplier.street} ${b.supplier.house_number}, ${b.supplier.postal_code} ${b.supplier.city}`, 7);
  [b.customer.salutation, b.customer.name, `${b.customer.street} ${b.customer.house_number}`, `${b.customer.postal_code} ${b.customer.city}`].forEach((s, i) => w.text(40, 90 + i * 12, s, 10));
  const head: Array<[string, string]> = [['Rechnungs-Nr.', b.invoice_number], ['Datum', dmy(b.invoice_date)], ['Kunden-Nr.', b.customer_number], ['Vertragskonto', b.contract_account], ['Vertrags-Nr.', b.contract_number]];
  head.forEach(([k, v], i) => {
    w.text(360, 90 + i * 12, k, 8.5);
    w.right(555, 90 + i * 12, v, 8.5);
  });
  w.y = 180;
  w.text(40, w.y, `${TITLE(b)} für ${span(b.period.start, b.period.end, ' – ')}`, 13, 'F2');
  w.y += 26;
  const kv = (k: string, v: string) => {
    w.need(13);
    w.text(40, w.y, k, 8.5);
    w.text(190, w.y, v, 8.5);
    w.y += 13;
  };
  kv('Verbrauchsstelle', addr(b.service));
  kv('Marktlokations-ID', b.malo);
  kv('Messlokations-ID', b.melo);
  kv('Netzbetreiber', b.operator);
  kv('Marktpartner-ID Netzbetreiber', b.operator_code);
  kv('Messstellenbetreiber', b.metering_operator);
  if (b.kind !== 'interim_invoice') {
    kv('Zähler-Nr.', b.meter_number);
    kv('Zählerart', METER_DE[b.meter_type]);
    w.y += 8;
    const cols = [40, 100, 170, 230, 300, 360, 420, 520];
    ['Zählwerk', 'OBIS', 'Datum alt', 'Stand alt', 'Datum neu', 'Stand neu', 'Ermittlung', 'Faktor'].forEach((h, i) => w.text(cols[i]!, w.y, h, 8, 'F2'));
    w.y += 12;
    for (const r of b.registers) {
      [regLabel(r), r.obis ?? '', dmy(b.period.start), String(r.start), dmy(b.period.end), String(r.end), `${KIND_DE[r.kind_start]}/${KIND_DE[r.kind_end]}`, String(r.multiplier)].forEach((c, i) => w.text(cols[i]!, w.y, c, 8));
      w.y += 12;
    }
    if (b.gas) kv('Umrechnung', `Zustandszahl ${dec(b.gas.z)} · Brennwert ${dec(b.gas.hs)} kWh/m³ · Energie ${de(b.gas.kwh, 0)} kWh`);
  }
  w.y += 10;
  w.text(40, w.y, 'Preisblatt', 11, 'F2');
  w.y += 15;
  tariffRows(w, b, { x: 40, spanX: 200, ctRight: 450, baseRight: 555, size: 8.5, lead: 13 });
  w.y += 10;
  // The charge table: generous rows so it runs over the page break with carry-overs.
  const tableHead = () => {
    w.text(40, w.y, 'Rechnungspositionen', 11, 'F2');
    w.y += 15;
    const hs: Array<[number, string, boolean]> = [[40, 'Leistung', false], [190, 'Zeitraum', false], [370, 'Menge', true], [460, 'Preis', true], [555, 'Betrag €', true]];
    for (const [x, h, r] of hs) (r ? w.right(x, w.y, h, 8, 'F2') : w.text(x, w.y, h, 8, 'F2'));
    w.y += 14;
  };
  tableHead();
  let running = 0;
  for (const c of b.charges) {
    if (w.y + 28 > w.bottom) {
      w.text(300, w.y + 4, 'Übertrag', 8.5, 'F2');
      w.right(555, w.y + 4, money(running), 8.5, 'F2');
      w.newPage();
      w.y = 80;
      w.text(300, w.y, 'Übertrag', 8.5, 'F2');
      w.right(555, w.y, money(running), 8.5, 'F2');
      w.y += 16;
      tableHead();
    }
    w.text(40, w.y, c.description, 8.5);
    w.text(190, w.y, span(c.start, c.end), 8.5);
    w.right(370, w.y, qty(c), 8.5);
    w.right(460, w.y, price(c), 8.5);
    w.right(555, w.y, money(c.net_cents), 8.5);
    running += c.net_cents;
    w.y += 28;
  }
  const sum = (k: string, v: string, bold = false) => {
    w.need(14);
    w.text(300, w.y, k, 8.5, bold ? 'F2' : 'F1');
    w.right(555, w.y, v, 8.5, bold ? 'F2' : 'F1');
    w.y += 14;
  };
  sum('Summe netto', money(b.net_cents), true);
  sum(`Umsatzsteuer 19 % auf ${money(b.net_cents)}`, money(b.vat_cents));
  sum('Rechnungsbetrag', money(b.gross_cents), true);
  if (b.advances_cents) sum(`abzüglich Abschlagszahlungen (${b.advance_count})`, `-${money(b.advances_cents)}`);
  sum(balanceLabel(b), money(b.balance_cents), true);
  w.y += 8;
  w.para(40, 515, paymentText(b), 8.5);
  if (b.kind !== 'interim_invoice') w.para(40, 515, `Verbrauch im Abrechnungszeitraum ${de(b.total_kwh, 0)} kWh, im Vorjahreszeitraum ${de(b.prior_kwh, 0)} kWh.`, 8.5);
  if (b.plan.length) {
    w.y += 6;
    w.need(30 + 4 * 12);
    w.text(40, w.y, 'Abschlagsplan', 11, 'F2');
    w.y += 15;
    for (let i = 0; i < b.plan.length; i += 3) {
      b.plan.slice(i, i + 3).forEach((p, j) => {
        w.text(40 + j * 170, w.y, dmy(p.date), 8.5);
        w.right(170 + j * 170, w.y, `${money(p.cents)} €`, 8.5);
      });
      w.y += 12;
    }
  }
  const pages = w.finish((pw, i, n) => {
    pw.right(555, 36, `Blatt ${i + 1}/${n}`, 8, 'F1', i);
    const fy = 770;
    const col = (x: number, lines: string[]) => lines.forEach((s, k) => pw.text(x, fy + k * 9, s, 6.5, 'F1', i));
    col(40, [b.supplier.name, `${b.supplier.street} ${b.supplier.house_number}`, `${b.supplier.postal_code} ${b.supplier.city}`]);
    col(200, [`Registergericht: ${b.supplier.court}`, b.supplier.hrb, `USt-IdNr. ${b.supplier.vat_id}`]);
    col(380, [b.supplier.bank, `IBAN ${groupIban(b.supplier.iban)}`, `BIC ${b.supplier.bic}`]);
  });
  return { pages, omit: ['supplier.tax_number'] };
}

// ------------------------------------------------------------------ 5. cooperative letter

function cooperative(b: Bill): Rendered {
  const w = new PageWriter();
  w.text(330, 40, b.supplier.name, 12, 'F2');
  w.text(330, 56, 'Energie von Mitgliedern für Mitglieder', 8);
  w.text(60, 105, `${b.supplier.name} | ${b.supplier.street} ${b.supplier.house_number} | ${b.supplier.postal_code} ${b.supplier.city}`, 6.5);
  [b.customer.salutation, b.customer.name, `${b.customer.street} ${b.customer.house_number}`, `${b.customer.postal_code} ${b.customer.city}`].forEach((s, i) => w.text(60, 120 + i * 12, s, 10));
  const info: string[] = [`Rechnung Nr.: ${b.invoice_number}`, `Rechnungsdatum: ${longDate(b.invoice_date)}`, `Mitglieds- und Kundennummer: ${b.customer_number}`, `Vertragskonto: ${b.contract_account}`, `Vertragsnummer: ${b.contract_number}`];
  info.forEach((s, i) => w.text(330, 120 + i * 12, s, 8.5));
  w.y = 210;
  w.text(60, w.y, TITLE(b), 14, 'F2');
  w.y += 20;
  w.text(60, w.y, `Leistungszeitraum: ${longDate(b.period.start)} bis ${longDate(b.period.end)}`, 9);
  w.y += 22;
  const kv = (k: string, v: string) => {
    w.need(13);
    w.text(60, w.y, `${k}:`, 9);
    w.text(220, w.y, v, 9);
    w.y += 13;
  };
  kv('Lieferanschrift', addr(b.service));
  kv('MaLo-ID', b.malo);
  kv('MeLo-ID', b.melo);
  kv('Verteilnetzbetreiber', `${b.operator} (${b.operator_code})`);
  kv('Messstellenbetreiber', b.metering_operator);
  if (b.kind !== 'interim_invoice') {
    kv('Zählernummer', b.meter_number);
    kv('Messeinrichtung', METER_DE[b.meter_type]);
    for (const r of b.registers) kv(`Zählwerk ${regLabel(r)}${r.obis ? ` (${r.obis})` : ''}`, `${dmy(b.period.start)}: ${r.start} (${KIND_DE[r.kind_start]}) → ${dmy(b.period.end)}: ${r.end} (${KIND_DE[r.kind_end]}), Faktor ${r.multiplier}`);
    if (b.gas) gasRows(kv, b.gas);
  }
  w.y += 10;
  w.text(60, w.y, 'Ihre Tarife', 10, 'F2');
  w.y += 14;
  tariffRows(w, b, { x: 60, spanX: 200, ctRight: 420, baseRight: 535, size: 9, lead: 13 });
  w.newPage();
  w.y = 70;
  w.text(60, w.y, 'Abrechnungspositionen', 10, 'F2');
  w.y += 15;
  chargeRows(w, b, { x: 60, spanX: 200, qtyRight: 370, priceRight: 455, amountRight: 535, size: 8.5, lead: 13, amountSuffix: ' €' });
  const sum = (k: string, v: string) => {
    w.text(280, w.y, k, 9, 'F2');
    w.right(535, w.y, v, 9, 'F2');
    w.y += 14;
  };
  sum('Nettobetrag', `${money(b.net_cents)} €`);
  sum(`USt. 19 % auf ${money(b.net_cents)} €`, `${money(b.vat_cents)} €`);
  sum('Bruttobetrag', `${money(b.gross_cents)} €`);
  if (b.advances_cents) sum('Ihre geleisteten Abschläge', `${money(b.advances_cents)} €`);
  sum(b.direction === 'credit' ? 'Guthaben' : 'Zu zahlen', `${money(b.balance_cents)} €`);
  w.y += 8;
  w.para(60, 475, paymentText(b), 9);
  if (b.kind !== 'interim_invoice') w.para(60, 475, `Ihr Verbrauch: ${de(b.total_kwh, 0)} kWh (Vorjahr: ${de(b.prior_kwh, 0)} kWh).`, 9);
  if (b.plan.length) {
    w.y += 8;
    w.text(60, w.y, 'Abschlagsplan ab ' + longDate(b.plan[0]!.date), 10, 'F2');
    w.y += 14;
    for (let i = 0; i < b.plan.length; i += 2) {
      b.plan.slice(i, i + 2).forEach((p, j) => {
        w.text(60 + j * 240, w.y, `Fällig ${dmy(p.date)}`, 9);
        w.right(260 + j * 240, w.y, `${money(p.cents)} €`, 9);
      });
      w.y += 12;
    }
  }
  const pages = w.finish((pw, i, n) => {
    pw.text(60, 796, `${b.supplier.name} · Genossenschaftsregister ${b.supplier.court} ${b.supplier.hrb} · USt-IdNr. ${b.supplier.vat_id} · Steuer-Nr. ${b.supplier.tax_number}`, 6.5, 'F1', i);
    pw.text(60, 806, `${b.supplier.bank} · IBAN ${groupIban(b.supplier.iban)} · BIC ${b.supplier.bic}`, 6.5, 'F1', i);
    pw.right(535, 70 - 40, `Seite ${i + 1} von ${n}`, 8, 'F1', i);
  });
  return { pages, omit: [] };
}

// ------------------------------------------------------------------ 6. compact municipal (gas conversion, packets)

function compact(b: Bill): Rendered {
  const w = new PageWriter();
  w.box(0, 0, 595, 70, 0.9);
  w.text(40, 26, b.supplier.short, 20, 'F2');
  w.text(40, 90, `${b.supplier.name} · ${b.supplier.street} ${b.supplier.house_number} · ${b.supplier.postal_code} ${b.supplier.city}`, 6.5);
  [b.customer.salutation, b.customer.name, `${b.customer.street} ${b.customer.house_number}`, `${b.customer.postal_code} ${b.customer.city}`].forEach((s, i) => w.text(40, 104 + i * 12, s, 10));
  const grid: Array<[string, string]> = [['Kundennummer', b.customer_number], ['Vertragskonto', b.contract_account], ['Belegnummer', b.invoice_number], ['Belegdatum', dmy(b.invoice_date)]];
  grid.forEach(([k, v], i) => {
    w.text(40 + i * 130, 180, k, 7.5);
    w.text(40 + i * 130, 190, v, 9, 'F2');
  });
  w.y = 220;
  w.text(40, w.y, TITLE(b), 13, 'F2');
  w.y += 18;
  w.text(40, w.y, `Abrechnungszeitraum ${span(b.period.start, b.period.end, ' – ')}`, 9);
  w.y += 18;
  const two = (k: string, v: string, x = 40) => {
    w.need(12);
    w.text(x, w.y, k, 8.5);
    w.text(x + 140, w.y, v, 8.5);
    w.y += 12;
  };
  two('Vertragsnummer', b.contract_number);
  two('Lieferstelle', addr(b.service));
  two('Marktlokation', b.malo);
  two('Messlokation', b.melo);
  two('Netzbetreiber', b.operator);
  two('Codenummer Netzbetreiber', b.operator_code);
  two('Messstellenbetreiber', b.metering_operator);
  if (b.kind !== 'interim_invoice') {
    two('Zählernummer', b.meter_number);
    two('Zählerart', METER_DE[b.meter_type]);
    w.y += 6;
    const cols = [40, 110, 190, 260, 330, 400, 470];
    ['Zählwerk', 'Ablesung alt', 'Stand alt', 'Ablesung neu', 'Stand neu', 'Art alt/neu', 'Faktor'].forEach((h, i) => w.text(cols[i]!, w.y, h, 7.5, 'F2'));
    w.y += 11;
    for (const r of b.registers) {
      [regLabel(r), dmy(b.period.start), String(r.start), dmy(b.period.end), String(r.end), `${KIND_DE[r.kind_start].replace('Kundenablesung', 'Kunde')}/${KIND_DE[r.kind_end].replace('Kundenablesung', 'Kunde')}`, String(r.multiplier)].forEach((c, i) => w.text(cols[i]!, w.y, c, 8));
      w.y += 11;
    }
    if (b.gas) {
      w.y += 4;
      w.text(40, w.y, 'Umrechnung m³ in kWh', 9, 'F2');
      w.y += 12;
      two('Verbrauch', `${de(b.gas.volume_m3, 0)} m³`);
      two('Zustandszahl', dec(b.gas.z));
      two('Brennwert', `${dec(b.gas.hs)} kWh/m³`);
      two('Energiemenge', `${de(b.gas.kwh, 0)} kWh`);
    }
  }
  w.y += 8;
  w.text(40, w.y, 'Preise', 9, 'F2');
  w.y += 12;
  for (const t of b.tariffs) {
    w.text(40, w.y, t.name, 8.5);
    w.text(180, w.y, dmy(t.from), 8.5);
    w.text(250, w.y, dmy(t.to), 8.5);
    w.right(420, w.y, `${dec(t.ct)} ct/kWh`, 8.5);
    w.right(555, w.y, `${dec(t.base_year)} €/Jahr`, 8.5);
    w.y += 12;
  }
  w.newPage();
  w.y = 90;
  w.text(40, w.y, 'Entgelte', 9, 'F2');
  w.y += 12;
  for (const c of b.charges) {
    w.need(12);
    w.text(40, w.y, c.description, 8);
    w.text(200, w.y, dmy(c.start), 8);
    w.text(255, w.y, dmy(c.end), 8);
    w.right(375, w.y, qty(c), 8);
    w.right(470, w.y, price(c), 8);
    w.right(555, w.y, money(c.net_cents), 8);
    w.y += 12;
  }
  totalsAndPlan(w, b, { grossLabel: 'Gesamtbetrag', planPerRow: 2, planColumn: 200, planAmountRight: 190, currency: 'EUR' });
  const pages = w.finish((pw, i, n) => {
    pw.right(555, 80, `${i + 1}/${n}`, 8, 'F1', i);
    pw.text(40, 798, `${b.supplier.name} · Sitz ${b.supplier.city} · ${b.supplier.court}, ${b.supplier.hrb} · USt-IdNr. ${b.supplier.vat_id} · Steuernummer ${b.supplier.tax_number}`, 6.5, 'F1', i);
    pw.text(40, 808, `Bankverbindung: ${b.supplier.bank} · IBAN ${groupIban(b.supplier.iban)} · BIC ${b.supplier.bic}`, 6.5, 'F1', i);
  });
  return { pages, omit: [] };
}

// ------------------------------------------------------------------ 7. ledger: narrow columns, wrapped names, coded reading kinds

/**
 * A municipal ledger: the charge names wrap inside a narrow column (second line below the
 * first, the amount on the first), and the reading table prints how each reading was taken
 * as a code explained by a legend under the table ("A = Ablesung …").
 */
function ledger(b: Bill): Rendered {
  const w = new PageWriter();
  const CODE = { actual: 'A', customer: 'K', estimated: 'S' } as const;
  w.text(40, 40, b.supplier.name, 14, 'F2');
  w.text(40, 56, `${b.supplier.street} ${b.supplier.house_number} · ${b.supplier.postal_code} ${b.supplier.city}`, 8);
  [b.customer.salutation, b.customer.name, `${b.customer.street} ${b.customer.house_number}`, `${b.customer.postal_code} ${b.customer.city}`].forEach((s, i) => w.text(40, 110 + i * 12, s, 10));
  const info: Array<[string, string]> = [['Rechnungsnummer', b.invoice_number], ['Rechnungsdatum', dmy(b.invoice_date)], ['Kundennummer', b.customer_number], ['Vertragskonto', b.contract_account], ['Vertragsnummer', b.contract_number]];
  info.forEach(([k, v], i) => {
    w.text(340, 110 + i * 12, k, 8.5);
    w.right(555, 110 + i * 12, v, 8.5);
  });
  w.y = 200;
  w.text(40, w.y, TITLE(b), 13, 'F2');
  w.y += 18;
  w.text(40, w.y, `Abrechnungszeitraum: ${span(b.period.start, b.period.end)}`, 9);
  w.y += 20;
  const kv = (k: string, v: string) => {
    w.need(12);
    w.text(40, w.y, k, 8.5);
    w.text(200, w.y, v, 8.5);
    w.y += 12;
  };
  kv('Lieferstelle', addr(b.service));
  kv('Marktlokation', b.malo);
  kv('Messlokation', b.melo);
  kv('Netzbetreiber', b.operator);
  kv('Codenummer Netzbetreiber', b.operator_code);
  kv('Messstellenbetreiber', b.metering_operator);
  if (b.kind !== 'interim_invoice') {
    kv('Zählernummer', b.meter_number);
    kv('Zählerart', METER_DE[b.meter_type]);
    w.y += 8;
    const cols = [40, 100, 170, 240, 310, 380, 450];
    ['Zählwerk', 'Datum alt', 'Stand alt', 'Datum neu', 'Stand neu', 'Ableseart', 'Faktor'].forEach((h, i) => w.text(cols[i]!, w.y, h, 7.5, 'F2'));
    w.y += 11;
    for (const r of b.registers) {
      [regLabel(r), dmy(b.period.start), String(r.start), dmy(b.period.end), String(r.end), `${CODE[r.kind_start]}/${CODE[r.kind_end]}`, String(r.multiplier)].forEach((c, i) => w.text(cols[i]!, w.y, c, 8));
      w.y += 11;
    }
    w.text(40, w.y + 2, 'Ableseart (alt/neu): A = Ablesung durch den Netzbetreiber, K = Kundenablesung, S = Schätzung', 7);
    w.y += 14;
    if (b.gas) gasRows(kv, b.gas);
  }
  w.y += 8;
  w.text(40, w.y, 'Preise', 10, 'F2');
  w.y += 13;
  tariffRows(w, b, { x: 40, spanX: 180, ctRight: 420, baseRight: 555, size: 8.5, lead: 12 });
  w.newPage();
  w.y = 80;
  w.text(40, w.y, 'Rechnungspositionen', 10, 'F2');
  w.y += 14;
  for (const c of b.charges) {
    const lines = wrapText(c.description, 26);
    w.need(12 * lines.length + 2);
    w.text(40, w.y, lines[0]!, 8);
    w.text(170, w.y, span(c.start, c.end), 8);
    w.right(350, w.y, qty(c), 8);
    w.right(450, w.y, price(c), 8);
    w.right(555, w.y, money(c.net_cents), 8);
    for (const more of lines.slice(1)) {
      w.y += 10;
      w.text(40, w.y, more, 8);
    }
    w.y += 13;
  }
  totalsAndPlan(w, b, { grossLabel: 'Rechnungsbetrag', planPerRow: 3, planColumn: 170, planAmountRight: 170, currency: '€' });
  const pages = w.finish((pw, i, n) => {
    pw.right(555, 40, `Seite ${i + 1} von ${n}`, 8, 'F1', i);
    pw.text(40, 798, `${b.supplier.name} · ${b.supplier.court} ${b.supplier.hrb} · USt-IdNr. ${b.supplier.vat_id} · Steuernummer ${b.supplier.tax_number}`, 6.5, 'F1', i);
    pw.text(40, 808, `${b.supplier.bank} · IBAN ${groupIban(b.supplier.iban)} · BIC ${b.supplier.bic}`, 6.5, 'F1', i);
  });
  return { pages, omit: [] };
}

// ------------------------------------------------------------------ 8. portal: an online supplier's statement with the hard cases

/**
 * An online supplier's statement that prints the traps of model.HardCases: header labels in
 * their own words above the values ("Rechnungs-Nr.", "Datum"), short or long dates, a c/o or
 * second name line in the address block, an earlier invoice's number in the text, a reading
 * table with a meter-number column (two meters after an exchange, start readings dated the
 * day before the period) and the prior-year change as a kWh difference before the figure.
 */
function portal(b: Bill): Rendered {
  const h = b.hard ?? { co_line: null, name_second_line: null, previous_invoice: null, prior_delta_first: false, readings_day_before: false, date_style: 'plain' as const, company_customer: false };
  const date = (iso: string) => (h.date_style === 'long' ? longDate(iso) : h.date_style === 'short_year' ? `${dmy(iso).slice(0, 6)}${iso.slice(2, 4)}` : dmy(iso));
  const w = new PageWriter();
  w.text(40, 36, b.supplier.short, 18, 'F2');
  if (h.sister_line) w.text(40, 62, h.sister_line, 6.5);
  if (!h.company_customer) w.text(40, 92, `${b.supplier.name} · ${b.supplier.street} ${b.supplier.house_number} · ${b.supplier.postal_code} ${b.supplier.city}`, 6.5);
  const first = h.name_second_line ? b.customer.name.slice(0, b.customer.name.length - h.name_second_line.length).trim() : b.customer.name;
  const block = h.co_inline
    ? [b.customer.salutation, `${first} ${h.co_line}`, `${b.customer.street} ${b.customer.house_number}`, `${b.customer.postal_code} ${b.customer.city}`]
    : [b.customer.salutation, first, ...(h.name_second_line ? [h.name_second_line] : []), ...(h.co_line ? [h.co_line] : []), `${b.customer.street} ${b.customer.house_number}`, `${b.customer.postal_code} ${b.customer.city}`];
  block.forEach((t, i) => w.text(40, 106 + i * 12, t, 10));
  const grid: Array<[string, string]> = [['Rechnungs-Nr.', b.invoice_number], ['Datum', date(b.invoice_date)], ['Kd.-Nr.', b.customer_number], ['Vertragskonto-Nr.', b.contract_account]];
  grid.forEach(([k, v], i) => {
    w.text(40 + i * 130, 196, k, 7.5);
    if (h.number_wrapped && k === 'Kd.-Nr.') {
      w.text(40 + i * 130, 206, v.slice(0, -3), 9, 'F2');
      w.text(40 + i * 130, 216, v.slice(-3), 9, 'F2');
    } else w.text(40 + i * 130, 206, v, 9, 'F2');
  });
  w.y = 234;
  w.text(40, w.y, TITLE(b), 13, 'F2');
  w.y += 18;
  w.text(40, w.y, `Zeitraum: vom ${h.date_style === 'long' ? longDate(b.period.start) : dmy(b.period.start)} bis ${h.date_style === 'long' ? longDate(b.period.end) : dmy(b.period.end)}`, 9);
  w.y += 16;
  if (h.previous_invoice) {
    w.para(40, 515, `Ihre letzte Rechnung Nr. ${h.previous_invoice.number} vom ${dmy(h.previous_invoice.date)} ist vollständig beglichen. Vielen Dank!`, 8.5);
    w.y += 4;
  }
  const kv = (k: string, v: string) => {
    w.need(12);
    w.text(40, w.y, k, 8.5);
    w.text(190, w.y, v, 8.5);
    w.y += 12;
  };
  if (h.combined_numbers) kv('Vertrags-Nr. / Kd.-Nr.', `${b.contract_number} / ${b.customer_number}`);
  else kv('Vertragsnummer', b.contract_number);
  if (h.service_case === 'billing_reprint') kv('Rechnungsanschrift', addr({ ...b.customer, street: b.customer.street.replace(/straße$/, 'str.') }));
  kv('Lieferadresse', addr(h.misprinted_house ? { ...b.service, house_number: h.misprinted_house } : b.service));
  if (h.former_malo) kv(`Marktlokations-ID bis ${dmy(b.period.start)}`, h.former_malo);
  kv('Marktlokations-ID', b.malo);
  kv('Messlokations-ID', b.melo);
  kv('Verteilnetzbetreiber', b.operator);
  kv('MP-ID Netzbetreiber', b.operator_code);
  kv('Messstellenbetreiber', b.metering_operator);
  if (b.kind !== 'interim_invoice') {
    if (h.second_meter_type) kv('Zählerart Wärmepumpe (eigene Rechnung)', METER_DE[h.second_meter_type]);
    kv('Zählerart', METER_DE[b.meter_type]);
    w.y += 8;
    w.text(40, w.y, 'Zählerstände', 9, 'F2');
    w.y += 12;
    const cols = [40, 110, 165, 220, 280, 335, 395, 500];
    ['Zähler-Nr.', 'Zählwerk', 'Stand am', 'Zählerstand', 'Stand am', 'Zählerstand', 'Ableseart', 'Faktor'].forEach((t, i) => w.text(cols[i]!, w.y, t, 7.5, 'F2'));
    w.y += 11;
    for (const r of b.registers) {
      const kinds = h.kind_codes ? `${KIND_CODE[r.kind_start]}/${KIND_CODE[r.kind_end]}` : `${KIND_DE[r.kind_start].replace('Kundenablesung', 'Kunde')}/${KIND_DE[r.kind_end].replace('Kundenablesung', 'Kunde')}`;
      [b.meter_numbers[r.meter ?? 0]!, regLabel(r), dmy(r.start_date ?? b.period.start), String(r.start), dmy(r.end_date ?? b.period.end), String(r.end), kinds, String(r.multiplier)].forEach((c, i) => w.text(cols[i]!, w.y, c, 8));
      w.y += 11;
    }
    if (h.kind_codes) w.para(40, 515, 'Ableseart: A = Ablesung durch den Messstellenbetreiber, K = Kundenablesung, E = Ersatzwert des Netzbetreibers', 7.5);
    if (b.meter_numbers.length > 1) {
      const cut = b.registers.find((r) => r.end_date)?.end_date ?? b.period.end;
      w.para(40, 515, `Zählerwechsel am ${dmy(cut)}: Zähler ${b.meter_numbers[0]} ausgebaut, Zähler ${b.meter_numbers[1]} eingebaut.`, 8);
    }
    if (b.gas) gasRows(kv, b.gas);
  }
  w.y += 8;
  w.text(40, w.y, 'Ihr Tarif', 9, 'F2');
  w.y += 12;
  tariffRows(w, b, { x: 40, spanX: 180, ctRight: 420, baseRight: 555, size: 8.5, lead: 12 });
  w.newPage();
  w.y = 80;
  w.text(40, w.y, 'Ihre Kosten im Detail', 10, 'F2');
  w.y += 14;
  chargeRows(w, b, { x: 40, spanX: 200, qtyRight: 375, priceRight: 470, amountRight: 555, size: 8, lead: 12, amountSuffix: '' }, h.charge_two_line ?? null);
  const sum = (k: string, v: string) => {
    w.need(12);
    w.text(300, w.y, k, 8.5, 'F2');
    w.right(555, w.y, v, 8.5, 'F2');
    w.y += 12;
  };
  sum('Summe netto', money(b.net_cents));
  sum(`Umsatzsteuer 19 % auf ${money(b.net_cents)}`, money(b.vat_cents));
  sum('Rechnungsbetrag brutto', money(b.gross_cents));
  if (b.advances_cents) sum(`abzüglich Abschlagszahlungen (${b.advance_count})`, `-${money(b.advances_cents)}`);
  sum(balanceLabel(b), money(b.balance_cents));
  w.y += 6;
  w.para(40, 515, paymentText(b), 8.5);
  if (b.kind !== 'interim_invoice') {
    w.y += 4;
    if (h.prior_delta_first) {
      const delta = b.total_kwh - b.prior_kwh;
      w.para(40, 515, `Gegenüber dem Vorjahr ist Ihr Verbrauch um ${de(Math.abs(delta), 0)} kWh ${delta >= 0 ? 'gestiegen' : 'gesunken'}.`, 8.5);
    }
    w.text(40, w.y, 'Verbrauchsvergleich', 9, 'F2');
    w.y += 12;
    kv('Abrechnungszeitraum', `${de(b.total_kwh, 0)} kWh`);
    kv('Vorjahreszeitraum', `${de(b.prior_kwh, 0)} kWh`);
  }
  if (b.plan.length) {
    w.need(24 + 6 * 12);
    w.y += 6;
    w.text(40, w.y, 'Abschlagsplan', 9, 'F2');
    w.y += 12;
    for (let i = 0; i < b.plan.length; i += 2) {
      b.plan.slice(i, i + 2).forEach((p, j) => {
        w.text(40 + j * 200, w.y, dmy(p.date), 8.5);
        w.right(190 + j * 200, w.y, `${money(p.cents)} €`, 8.5);
      });
      w.y += 12;
    }
  }
  const pages = w.finish((pw, i, n) => {
    pw.right(555, 40, `Seite ${i + 1} von ${n}`, 8, 'F1', i);
    if (h.grid_register) pw.text(40, 788, h.grid_register, 6.5, 'F1', i);
    pw.text(40, 798, `${b.supplier.name} · ${b.supplier.court} ${b.supplier.hrb} · USt-IdNr. ${b.supplier.vat_id} · Steuernummer ${b.supplier.tax_number}`, 6.5, 'F1', i);
    pw.text(40, 808, `${b.supplier.bank} · IBAN ${groupIban(b.supplier.iban)} · BIC ${b.supplier.bic}`, 6.5, 'F1', i);
  });
  return { pages, omit: ['registers.obis_code', ...(h.company_customer ? ['supplier.address'] : [])] };
}

export function renderBill(style: Style, b: Bill): Rendered {
  return { mono, sidebar, prose, longtable, cooperative, compact, ledger, portal }[style](b);
}

// ------------------------------------------------------------------ price-change letter (not an invoice)

export function priceLetter(b: Bill): FixturePage[] {
  const w = new PageWriter();
  w.text(60, 40, b.supplier.name, 13, 'F2');
  w.text(60, 100, `${b.supplier.name} · ${b.supplier.street} ${b.supplier.house_number} · ${b.supplier.postal_code} ${b.supplier.city}`, 6.5);
  [b.customer.salutation, b.customer.name, `${b.customer.street} ${b.customer.house_number}`, `${b.customer.postal_code} ${b.customer.city}`].forEach((s, i) => w.text(60, 114 + i * 12, s, 10));
  w.text(360, 114, `Kundennummer ${b.customer_number}`, 8.5);
  w.text(360, 126, `Datum ${dmy(b.invoice_date)}`, 8.5);
  w.y = 200;
  w.text(60, w.y, `Änderung Ihrer ${b.commodity === 'gas' ? 'Erdgas' : 'Strom'}preise zum ${dmy(b.tariffs[0]!.from)}`, 12, 'F2');
  w.y += 24;
  const t = b.tariffs[0]!;
  w.para(60, 470, `Sehr geehrte Kundin, sehr geehrter Kunde, die staatlich veranlassten Preisbestandteile und die Netzentgelte ändern sich. Ab dem ${dmy(t.from)} gilt für Ihren Tarif ${t.name} an der Marktlokation ${b.malo} ein Arbeitspreis von ${dec(t.ct)} ct/kWh (brutto ${de(Number(t.ct) * 1.19, 2)} ct/kWh) und ein Grundpreis von ${dec(t.base_year)} €/Jahr. Ihr monatlicher Abschlag ändert sich auf ${money(b.plan[0]?.cents ?? 10000)} €. Sie haben ein Sonderkündigungsrecht bis zum Wirksamwerden der Änderung.`, 9.5);
  w.y += 10;
  w.text(60, w.y, 'Bisher', 9, 'F2');
  w.text(260, w.y, 'Neu', 9, 'F2');
  w.y += 13;
  w.text(60, w.y, `${de(Number(t.ct) - 1.5, 2)} ct/kWh`, 9);
  w.text(260, w.y, `${dec(t.ct)} ct/kWh`, 9);
  w.y += 24;
  w.para(60, 470, 'Mit freundlichen Grüßen', 9.5);
  w.para(60, 470, b.supplier.name, 9.5);
  return w.finish((pw, i) => pw.text(60, 800, `${b.supplier.name} · ${b.supplier.court} ${b.supplier.hrb} · USt-IdNr. ${b.supplier.vat_id} · IBAN ${groupIban(b.supplier.iban)}`, 6.5, 'F1', i));
}

export { eur };
