// The business model behind a generated German energy bill: invented suppliers, customers,
// supply points and tariffs; charges computed day by day in cents so every sum holds. The
// result is the truth in the payload contract's shape (as ../shared/samples/energy/*.truth.json);
// a house style (styles.ts) then prints it.

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    // mulberry32
    let t = (this.s += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(i === 0 ? 1 : 0, 9));
    return s;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ------------------------------------------------------------------ identifiers with check digits

function mod97(numeric: string): number {
  let r = 0;
  for (const d of numeric) r = (r * 10 + Number(d)) % 97;
  return r;
}
const lettersToDigits = (s: string) => s.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));

export function iban(rng: Rng): string {
  const bban = rng.digits(8) + rng.digits(10);
  const check = 98 - mod97(lettersToDigits(`${bban}DE00`));
  return `DE${String(check).padStart(2, '0')}${bban}`;
}

export function malo(rng: Rng): string {
  return maloWithCheckDigit(rng.digits(10));
}

/** Ten digits and the MaLo check digit (BDEW: odd positions + 2 × even positions). */
export function maloWithCheckDigit(d: string): string {
  let odd = 0;
  let even = 0;
  for (let i = 0; i < 10; i++) {
    if (i % 2 === 0) odd += Number(d[i]);
    else even += Number(d[i]);
  }
  return d + String((10 - ((odd + 2 * even) % 10)) % 10);
}

export function vatId(rng: Rng): string {
  for (;;) {
    const d = rng.digits(8);
    let product = 10;
    for (let i = 0; i < 8; i++) {
      let sum = (Number(d[i]) + product) % 10;
      if (sum === 0) sum = 10;
      product = (2 * sum) % 11;
    }
    const check = (11 - product) % 10;
    return `DE${d}${check}`;
  }
}

/** 13-digit market partner code (BDEW 99…) with its GS1 check digit. */
export function operatorCode(rng: Rng): string {
  const body = `99${rng.digits(10)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

export function creditorId(rng: Rng): string {
  const nat = `0${rng.digits(10)}`;
  const check = 98 - mod97(lettersToDigits(`${nat}DE00`));
  return `DE${String(check).padStart(2, '0')}ZZZ${nat}`;
}

export function melo(rng: Rng, postcode: string): string {
  const alnum = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  let tail = '';
  for (let i = 0; i < 20; i++) tail += rng.pick(alnum.split(''));
  return `DE${rng.digits(6)}${postcode}${tail}`;
}

// ------------------------------------------------------------------ dates and money

export const iso = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86400000);
export const days = (a: Date, b: Date) => Math.round((b.getTime() - a.getTime()) / 86400000) + 1;
const ym = (y: number, m: number, d = 1) => new Date(Date.UTC(y, m, d));

export const cents = (eur: number) => Math.round(eur * 100);
export const eur = (c: number) => (c / 100).toFixed(2);

// ------------------------------------------------------------------ parties

const CITIES: Array<[string, string, string[]]> = [
  ['Kassel', '34117', ['Friedrich-Ebert-Straße', 'Wilhelmshöher Allee', 'Kölnische Straße']],
  ['Erfurt', '99084', ['Anger', 'Juri-Gagarin-Ring', 'Löberstraße']],
  ['Regensburg', '93047', ['Maximilianstraße', 'Gesandtenstraße', 'Am Weinmarkt']],
  ['Lübeck', '23552', ['Breite Straße', 'Königstraße', 'Mengstraße']],
  ['Osnabrück', '49074', ['Große Straße', 'Hasestraße', 'Kamp']],
  ['Ulm', '89073', ['Hirschstraße', 'Platzgasse', 'Olgastraße']],
  ['Görlitz', '02826', ['Berliner Straße', 'Elisabethstraße', 'Jakobstraße']],
  ['Trier', '54290', ['Simeonstraße', 'Nagelstraße', 'Paulinstraße']],
  ['Gießen', '35390', ['Seltersweg', 'Bahnhofstraße', 'Neustadt']],
  ['Bamberg', '96047', ['Lange Straße', 'Obere Königstraße', 'Hauptwachstraße']],
];
const FIRST = ['Anna', 'Lukas', 'Mira', 'Tobias', 'Greta', 'Felix', 'Ilse', 'Kemal', 'Sophie', 'Jan', 'Oksana', 'Bernd', 'Leonie', 'Mehmet', 'Ruth'];
const LAST = ['Brinkmann', 'Yilmaz', 'Hoffmeister', 'Kowalczyk', 'Sauer', 'Lindqvist', 'Petersen', 'Albrecht', 'Nguyen', 'Wendt', 'Ostermann', 'Haas', 'Reuter'];

export interface Party {
  name: string;
  street: string;
  house_number: string;
  postal_code: string;
  city: string;
}

export interface SupplierModel extends Party {
  short: string;
  vat_id: string;
  tax_number: string;
  court: string;
  hrb: string;
  iban: string;
  bic: string;
  bank: string;
  creditor_id: string;
  phone: string;
  web: string;
  kind: 'stadtwerk' | 'online' | 'cooperative' | 'regional';
}

const SUPPLIERS: Array<Omit<SupplierModel, 'vat_id' | 'iban' | 'creditor_id' | 'tax_number' | 'hrb'>> = [
  { name: 'Stadtwerke Falkenau GmbH', short: 'Stadtwerke Falkenau', street: 'Hüttenweg', house_number: '4', postal_code: '34121', city: 'Kassel', court: 'Amtsgericht Kassel', bic: 'HELADEF1KAS', bank: 'Kasseler Sparkasse', phone: '0561 70 71-0', web: 'www.sw-falkenau.de', kind: 'stadtwerk' },
  { name: 'Lichtblick Süd Energie AG', short: 'Lichtblick Süd', street: 'Donaulände', house_number: '17a', postal_code: '93059', city: 'Regensburg', court: 'Amtsgericht Regensburg', bic: 'BYLADEM1RBG', bank: 'Sparkasse Regensburg', phone: '0941 59 23-100', web: 'www.lichtblick-sued.de', kind: 'regional' },
  { name: 'Watt&Wende Energie GmbH', short: 'Watt&Wende', street: 'Speicherstraße', house_number: '9', postal_code: '23554', city: 'Lübeck', court: 'Amtsgericht Lübeck', bic: 'NOLADE21LBK', bank: 'Sparkasse zu Lübeck', phone: '0800 9282 000', web: 'wattundwende.de', kind: 'online' },
  { name: 'BürgerEnergie Hasetal eG', short: 'BürgerEnergie Hasetal', street: 'Mühlenstraße', house_number: '31', postal_code: '49074', city: 'Osnabrück', court: 'Amtsgericht Osnabrück', bic: 'GENODEF1OSN', bank: 'Volksbank Osnabrück', phone: '0541 33 48 20', web: 'www.buergerenergie-hasetal.de', kind: 'cooperative' },
  { name: 'Energieversorgung Obere Donau AG', short: 'EVOD', street: 'Karlstraße', house_number: '88', postal_code: '89073', city: 'Ulm', court: 'Amtsgericht Ulm', bic: 'SOLADES1ULM', bank: 'Sparkasse Ulm', phone: '0731 166-0', web: 'www.evod.de', kind: 'regional' },
  { name: 'Neißestrom Versorgung GmbH', short: 'Neißestrom', street: 'Uferstraße', house_number: '2-4', postal_code: '02826', city: 'Görlitz', court: 'Amtsgericht Dresden', bic: 'WELADED1GRL', bank: 'Sparkasse Oberlausitz-Niederschlesien', phone: '03581 33 50', web: 'www.neissestrom.de', kind: 'stadtwerk' },
];

const OPERATORS = ['Netzgesellschaft Nordhessen mbH', 'Donau-Netz GmbH', 'Stromnetz Trave GmbH', 'Hasetal Netze GmbH & Co. KG', 'Netze Obere Donau GmbH', 'Oberlausitz Verteilnetz GmbH'];
const METERING = ['Messkontor Mitte GmbH', 'Zählerdienst Süd GmbH', 'MessPunkt Nord GmbH'];

export function supplierModel(rng: Rng, index?: number): SupplierModel {
  const base = index === undefined ? rng.pick(SUPPLIERS) : SUPPLIERS[index % SUPPLIERS.length]!;
  return { ...base, vat_id: vatId(rng), iban: iban(rng), creditor_id: creditorId(rng), tax_number: `${rng.int(10, 99)}/${rng.int(100, 999)}/${rng.int(10000, 99999)}`, hrb: `${base.kind === 'cooperative' ? 'GnR' : 'HRB'} ${rng.int(1000, 99999)}` };
}

export function customerModel(rng: Rng): Party & { salutation: string } {
  const [city, pc, streets] = rng.pick(CITIES);
  const female = rng.chance(0.5);
  const first = rng.pick(FIRST);
  return { salutation: female ? 'Frau' : 'Herrn', name: `${first} ${rng.pick(LAST)}`, street: rng.pick(streets), house_number: String(rng.int(1, 140)) + (rng.chance(0.15) ? 'b' : ''), postal_code: pc, city };
}

// ------------------------------------------------------------------ the bill

export type Kind = 'invoice' | 'final_invoice' | 'credit_note' | 'interim_invoice';

export interface ChargeRow {
  category: string;
  description: string;
  start: string;
  end: string;
  quantity: string;
  unit: 'kWh' | 'day';
  /** EUR per unit (ct prices as EUR with more decimals). */
  unit_price: string;
  /** As printed: ct/kWh value or EUR/year value. */
  printed_price: string;
  price_unit: 'ct/kWh' | 'EUR/Jahr';
  net_cents: number;
}

export interface RegisterModel {
  label: 'single' | 'HT' | 'NT';
  obis: string | null;
  start: number;
  end: number;
  kind_start: 'actual' | 'estimated' | 'customer';
  kind_end: 'actual' | 'estimated' | 'customer';
  multiplier: number;
  consumption: number;
  /** Reading dates when they are not the billing period's ends (a meter exchange, a reading taken on another day). */
  start_date?: string;
  end_date?: string;
  /** Index into Bill.meter_numbers (a meter exchange bills two meters); 0 when absent. */
  meter?: number;
}

export interface GasModel {
  volume_m3: number;
  z: string;
  hs: string;
  kwh: number;
}

export interface TariffModel {
  name: string;
  ct: string;
  base_year: string;
  from: string;
  to: string;
}

export interface Bill {
  kind: Kind;
  commodity: 'electricity' | 'gas';
  supplier: SupplierModel;
  customer: Party & { salutation: string };
  service: Party;
  invoice_number: string;
  invoice_date: string;
  period: { start: string; end: string };
  customer_number: string;
  contract_account: string;
  contract_number: string;
  malo: string;
  melo: string;
  operator: string;
  operator_code: string;
  metering_operator: string;
  meter_number: string;
  meter_type: 'conventional' | 'modern' | 'smart';
  registers: RegisterModel[];
  gas: GasModel | null;
  tariffs: TariffModel[];
  total_kwh: number;
  prior_kwh: number;
  charges: ChargeRow[];
  vat_rate: string;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  advances_cents: number;
  advance_count: number;
  balance_cents: number;
  direction: 'amount_due' | 'credit';
  due_date: string;
  method: 'sepa_direct_debit' | 'transfer';
  customer_iban: string;
  customer_bic: string;
  mandate: string;
  plan: Array<{ date: string; cents: number }>;
  /** Every meter billed (the first is meter_number); two after a meter exchange. */
  meter_numbers: string[];
  /** Hard cases a house style may print (see HardCases). */
  hard: HardCases | null;
}

/**
 * Printing traps for the extractor, each true to real bills: a second line in the address
 * block, a competing number under an invoice-number label, the prior-year change printed
 * as a kWh difference before the prior-year figure, a meter exchange (two meters, readings
 * on the exchange day), start readings dated the day before the period, short and long dates.
 */
export interface HardCases {
  /** "c/o …" line between the customer's name and street. */
  co_line: string | null;
  /** A second line of the customer's name ("Anna Brinkmann und" / "Lukas Brinkmann"). */
  name_second_line: string | null;
  /** An earlier invoice's number cited in the text ("Rechnung Nr. … vom …"). */
  previous_invoice: { number: string; date: string } | null;
  /** The prior-year comparison as a difference ("um 246 kWh gestiegen") before the figure. */
  prior_delta_first: boolean;
  /** Start readings dated the day before the billing period starts. */
  readings_day_before: boolean;
  /** dd.mm.yy for the invoice date, long dates for the period. */
  date_style: 'short_year' | 'long' | 'plain';
  /** The customer is a firm (a legal form in the address block) and no sender line names the supplier. */
  company_customer: boolean;
  /**
   * The supply point's former MaLo (a valid check digit too), printed above the current one
   * under the same label: a second identifier whose check passes cannot confirm which one is billed.
   */
  former_malo?: string | null;
  /**
   * A sister company sharing the supplier's first word ("Stadtwerke Netz GmbH · Netzweg 4 · …")
   * printed with its address above the sender line: an address found by the first word alone.
   */
  sister_line?: string | null;
  /** The mandate reference printed in two groups ("M12345 6789"): a reference cut at its space. */
  mandate_grouped?: boolean;
  /**
   * Reading kinds as one-letter codes per row ("A/E") with a legend whose substitute value names
   * the operator ("E = Ersatzwert des Netzbetreibers"): an estimate read as an operator's reading.
   */
  kind_codes?: boolean;
  /** A second meter's type (a separately billed heat-pump meter) printed above this meter's. */
  second_meter_type?: 'conventional' | 'modern' | 'smart' | null;
  /** Contract and customer number under one combined heading ("Vertrags-Nr. / Kd.-Nr."), in the other order than the grid. */
  combined_numbers?: boolean;
  /**
   * Seventh pass, addresses printed twice. `neighbour`: the supply point is another house on the
   * customer's street (a real second address the window's printing must not settle);
   * `billing_reprint`: the billing address printed again in the data block, "Straße" as "Str.".
   */
  service_case?: 'neighbour' | 'billing_reprint' | null;
  /** The supply address (the customer's own) misprinted with another house number under "Lieferadresse". */
  misprinted_house?: string | null;
  /** The grid operator's legal line with its own register printed above the supplier's footer. */
  grid_register?: string | null;
  /**
   * Eighth pass, numbers printed once: the customer number wrapped in its narrow header cell,
   * its last digits on the line below ("1234567" / "89"): a number cut at the line end.
   */
  number_wrapped?: boolean;
  /** Eighth pass, names printed once: the c/o line printed on the name's line ("Anna Vogt c/o Hausverwaltung Berg"). */
  co_inline?: boolean;
  /**
   * Eighth pass, charge descriptions: this charge's name printed as a cell of two lines with the
   * amount on the last ("Netznutzung" / "Arbeitspreis … 123,45 €"): the first line is not the row above's.
   */
  charge_two_line?: number | null;
}

const fmtCt = (v: number) => v.toFixed(2);

/** Build one consistent bill. */
/** Statutory names as some suppliers print them in full (long enough to wrap in a narrow column). */
const LONG_NAMES: Record<string, string> = {
  'KWKG-Umlage': 'Umlage nach dem Kraft-Wärme-Kopplungsgesetz',
  'Offshore-Netzumlage': 'Offshore-Netzumlage nach § 17f EnWG',
  Messstellenbetrieb: 'Entgelt für den Messstellenbetrieb und die Messung',
  Konzessionsabgabe: 'Konzessionsabgabe nach § 2 KAV',
  'CO2-Preis nach BEHG': 'CO2-Preis nach dem Brennstoffemissionshandelsgesetz',
};

export function billModel(rng: Rng, opts: { kind: Kind; commodity: 'electricity' | 'gas'; supplier?: SupplierModel; customer?: Party & { salutation: string }; twoRegisters?: boolean; priceChange?: boolean; longNames?: boolean; hard?: boolean }): Bill {
  const supplier = opts.supplier ?? supplierModel(rng);
  const customer = { ...(opts.customer ?? customerModel(rng)) };
  const service = rng.chance(0.7) ? { ...customer } : { ...customerModel(rng), name: customer.name };
  const gas = opts.commodity === 'gas';
  const startY = rng.pick([2024, 2025]);
  const startM = rng.int(0, 11);
  const start = ym(startY, startM, 1);
  const interim = opts.kind === 'interim_invoice';
  const end = opts.kind === 'final_invoice' ? addDays(ym(startY, startM + rng.int(5, 10), 1), rng.int(3, 25)) : addDays(ym(startY + 1, startM, 1), -1);
  const nDays = days(start, end);
  const annual = gas ? rng.int(6000, 22000) : rng.int(1200, 6500);
  const twoReg = !gas && Boolean(opts.twoRegisters);
  // Readings.
  const total = Math.round((annual * nDays) / 365);
  const registers: RegisterModel[] = [];
  let gasModel: GasModel | null = null;
  if (gas) {
    const z = (0.93 + rng.int(0, 60) / 1000).toFixed(4);
    const hs = (10.8 + rng.int(0, 900) / 1000).toFixed(3);
    const vol = Math.round(total / (Number(z) * Number(hs)));
    const kwh = Math.round(vol * Number(z) * Number(hs));
    const s0 = rng.int(1000, 40000);
    registers.push({ label: 'single', obis: rng.chance(0.5) ? '7-0:3.0.0' : null, start: s0, end: s0 + vol, kind_start: 'actual', kind_end: rng.pick(['actual', 'customer', 'estimated'] as const), multiplier: 1, consumption: vol });
    gasModel = { volume_m3: vol, z, hs, kwh };
  } else if (twoReg) {
    const ht = Math.round(total * 0.62);
    const s1 = rng.int(10000, 80000);
    const s2 = rng.int(5000, 40000);
    registers.push({ label: 'HT', obis: '1-0:1.8.1', start: s1, end: s1 + ht, kind_start: 'actual', kind_end: 'customer', multiplier: 1, consumption: ht });
    registers.push({ label: 'NT', obis: '1-0:1.8.2', start: s2, end: s2 + (total - ht), kind_start: 'actual', kind_end: 'customer', multiplier: 1, consumption: total - ht });
  } else {
    const s0 = rng.int(1000, 90000);
    registers.push({ label: 'single', obis: rng.chance(0.6) ? '1-0:1.8.0' : null, start: s0, end: s0 + total, kind_start: rng.pick(['actual', 'customer'] as const), kind_end: rng.pick(['actual', 'customer', 'estimated'] as const), multiplier: 1, consumption: total });
  }
  const kwhTotal = gasModel ? gasModel.kwh : total;
  const meterNumber = () => `${rng.int(1, 9)}${rng.pick(['EBZ', 'ITF', 'LGZ', 'ESY'])}${rng.digits(8)}`;
  /** Meters beyond the first (drawn here; the first is drawn where it always was, so older bills stay byte-identical). */
  const extraMeters: string[] = [];
  let hard: HardCases | null = null;
  if (opts.hard) {
    const other = customerModel(rng);
    hard = {
      co_line: rng.chance(0.35) ? `c/o Hausverwaltung ${rng.pick(LAST)}` : null,
      name_second_line: null,
      previous_invoice: rng.chance(0.6) ? { number: `${rng.int(10, 99)}${rng.digits(8)}`, date: iso(addDays(start, -rng.int(20, 60))) } : null,
      prior_delta_first: rng.chance(0.6),
      readings_day_before: rng.chance(0.4),
      date_style: rng.pick(['short_year', 'long', 'plain'] as const),
      company_customer: false,
    };
    if (!hard.co_line && rng.chance(0.4)) {
      hard.company_customer = true;
      customer.name = `${rng.pick(['Bäckerei', 'Hausverwaltung', 'Autohaus', 'Praxis'])} ${customer.name.split(' ').at(-1)} GmbH`;
      customer.salutation = 'Firma';
      service.name = customer.name;
    }
    if (!hard.co_line && !hard.company_customer && rng.chance(0.5)) {
      hard.name_second_line = `${other.name.split(' ')[0]} ${customer.name.split(' ').slice(1).join(' ')}`;
      customer.name = `${customer.name} und ${hard.name_second_line}`;
      service.name = customer.name;
    }
    // A meter exchange: the old meter is read on the day it is removed, the new one starts at 0.
    if (!gas && !twoReg && nDays > 90 && rng.chance(0.5)) {
      const r = registers[0]!;
      const cut = addDays(start, Math.floor(nDays * (0.3 + rng.next() * 0.4)));
      const first = Math.round((r.consumption * days(start, cut)) / nDays);
      extraMeters.push(meterNumber());
      registers.splice(0, 1,
        { ...r, end: r.start + first, consumption: first, kind_end: 'actual', end_date: iso(cut), meter: 0 },
        { ...r, obis: r.obis, start: 0, end: r.consumption - first, consumption: r.consumption - first, kind_start: 'actual', start_date: iso(cut), meter: 1 });
    }
    if (hard.readings_day_before) for (const r of registers) if (!r.start_date) r.start_date = iso(addDays(start, -1));
  }
  // Tariffs: one, or a price change in the middle of the period.
  const names = gas ? ['Erdgas Basis', 'Gas Komfort 24', 'WärmeGas Fix'] : ['Strom Basis', 'Ökostrom Plus', 'Strom Fix 24', 'Heimstrom'];
  const tname = rng.pick(names);
  const ct1 = gas ? 8 + rng.int(0, 500) / 100 : 24 + rng.int(0, 1200) / 100;
  const base1 = gas ? 120 + rng.int(0, 8000) / 100 : 90 + rng.int(0, 9000) / 100;
  const tariffs: TariffModel[] = [];
  const change = Boolean(opts.priceChange) && nDays > 120;
  const cut = change ? addDays(start, Math.floor(nDays * (0.3 + rng.next() * 0.4))) : end;
  tariffs.push({ name: tname, ct: fmtCt(ct1), base_year: base1.toFixed(2), from: iso(start), to: iso(change ? addDays(cut, -1) : end) });
  if (change) tariffs.push({ name: tname, ct: fmtCt(ct1 + rng.int(40, 260) / 100), base_year: (base1 + rng.int(100, 2400) / 100).toFixed(2), from: iso(cut), to: iso(end) });
  // Charges.
  const charges: ChargeRow[] = [];
  const kwhShare = (a: string, b: string) => Math.round((kwhTotal * days(new Date(a), new Date(b))) / nDays);
  const addKwh = (category: string, description: string, a: string, b: string, ct: string, qty?: number) => {
    const q = qty ?? kwhShare(a, b);
    charges.push({ category, description, start: a, end: b, quantity: String(q), unit: 'kWh', unit_price: ctToEur(ct), printed_price: ct, price_unit: 'ct/kWh', net_cents: Math.round(q * Number(ct)) });
  };
  const addDaysRow = (category: string, description: string, a: string, b: string, perYear: string) => {
    const d = days(new Date(a), new Date(b));
    charges.push({ category, description, start: a, end: b, quantity: String(d), unit: 'day', unit_price: perYear, printed_price: perYear, price_unit: 'EUR/Jahr', net_cents: Math.round((Number(perYear) * 100 * d) / 365) });
  };
  let used = 0;
  tariffs.forEach((t, i) => {
    if (twoReg) {
      const share = (r: RegisterModel) => (tariffs.length === 1 ? r.consumption : i === 0 ? Math.round((r.consumption * days(new Date(t.from), new Date(t.to))) / nDays) : r.consumption - Math.round((r.consumption * days(new Date(tariffs[0]!.from), new Date(tariffs[0]!.to))) / nDays));
      addKwh('energy', 'Arbeitspreis HT', t.from, t.to, t.ct, share(registers[0]!));
      addKwh('energy', 'Arbeitspreis NT', t.from, t.to, fmtCt(Number(t.ct) - 7), share(registers[1]!));
    } else {
      const q = i === tariffs.length - 1 ? kwhTotal - used : kwhShare(t.from, t.to);
      used += q;
      addKwh('energy', 'Arbeitspreis', t.from, t.to, t.ct, q);
    }
  });
  for (const t of tariffs) addDaysRow('base_fee', 'Grundpreis', t.from, t.to, t.base_year);
  const netCt = gas ? fmtCt(1.2 + rng.int(0, 80) / 100) : fmtCt(7 + rng.int(0, 400) / 100);
  addKwh('network', gas ? 'Netzentgelt Arbeitspreis' : 'Netznutzung Arbeitspreis', iso(start), iso(end), netCt, kwhTotal);
  addDaysRow('network', gas ? 'Netzentgelt Grundpreis' : 'Netznutzung Grundpreis', iso(start), iso(end), (60 + rng.int(0, 6000) / 100).toFixed(2));
  addDaysRow('metering', 'Messstellenbetrieb', iso(start), iso(end), (10 + rng.int(0, 1500) / 100).toFixed(2));
  addKwh('levy', 'Konzessionsabgabe', iso(start), iso(end), gas ? '0.03' : '1.32', kwhTotal);
  if (gas) {
    addKwh('co2', 'CO2-Preis nach BEHG', iso(start), iso(end), '0.989', kwhTotal);
    addKwh('energy_tax', 'Energiesteuer', iso(start), iso(end), '0.55', kwhTotal);
  } else {
    addKwh('levy', 'KWKG-Umlage', iso(start), iso(end), '0.277', kwhTotal);
    addKwh('levy', 'Offshore-Netzumlage', iso(start), iso(end), '0.816', kwhTotal);
    addKwh('electricity_tax', 'Stromsteuer', iso(start), iso(end), '2.05', kwhTotal);
  }
  if (opts.longNames) for (const c of charges) c.description = LONG_NAMES[c.description] ?? c.description;
  // Interim invoices bill an advance: one flat line, no readings.
  let netCents = charges.reduce((a, c) => a + c.net_cents, 0);
  const vatRate = '19.00';
  let vatCents = Math.round(netCents * 0.19);
  let gross = netCents + vatCents;
  const monthly = Math.round((gross / Math.max(1, Math.round(nDays / 30.4))) / 500) * 500 + rng.pick([-2000, -1000, 0, 1000, 2500]);
  const advanceCount = Math.max(1, Math.round(nDays / 30.4));
  let advances = monthly * advanceCount;
  // Interim invoices bill without advances; a credit note credits its whole gross amount.
  if (interim || opts.kind === 'credit_note') advances = 0;
  let balance = gross - advances;
  if (opts.kind === 'invoice' && balance < 0 && rng.chance(0.5)) {
    advances = Math.max(0, advances - Math.ceil(-balance / advanceCount / 100) * 100 * advanceCount - advanceCount * 500);
    balance = gross - advances;
  }
  const direction = balance < 0 ? 'credit' : 'amount_due';
  const invDate = addDays(new Date(iso(end)), rng.int(8, 30));
  const method = rng.chance(0.55) ? 'sepa_direct_debit' : 'transfer';
  const plan: Array<{ date: string; cents: number }> = [];
  if (opts.kind === 'invoice') {
    const next = Math.round(gross / 12 / 100) * 100;
    const first = ym(invDate.getUTCFullYear(), invDate.getUTCMonth() + 1, rng.pick([1, 15, 28]));
    for (let i = 0; i < 12; i++) plan.push({ date: iso(ym(first.getUTCFullYear(), first.getUTCMonth() + i, first.getUTCDate())), cents: next });
  }
  void netCents;
  netCents = charges.reduce((a, c) => a + c.net_cents, 0);
  vatCents = Math.round(netCents * 0.19);
  gross = netCents + vatCents;
  balance = gross - advances;
  const bill: Bill = {
    kind: opts.kind, commodity: opts.commodity, supplier, customer, service,
    invoice_number: rng.pick([() => `${rng.int(10, 99)}${rng.digits(8)}`, () => `RE-${iso(invDate).slice(0, 4)}-${rng.digits(6)}`, () => `${rng.digits(3)}/${rng.digits(6)}`])(),
    invoice_date: iso(invDate), period: { start: iso(start), end: iso(end) },
    customer_number: rng.digits(rng.int(7, 9)), contract_account: rng.digits(12), contract_number: `V${rng.digits(8)}`,
    malo: malo(rng), melo: melo(rng, service.postal_code),
    operator: rng.pick(OPERATORS), operator_code: operatorCode(rng), metering_operator: rng.pick(METERING),
    ...((m: string) => ({ meter_number: m, meter_numbers: [m, ...extraMeters] }))(meterNumber()), hard, meter_type: rng.pick(['conventional', 'modern', 'smart'] as const),
    registers, gas: gasModel, tariffs, total_kwh: kwhTotal, prior_kwh: Math.round(kwhTotal * (0.85 + rng.next() * 0.3)),
    charges, vat_rate: vatRate, net_cents: netCents, vat_cents: vatCents, gross_cents: gross, advances_cents: advances, advance_count: interim ? 0 : advanceCount,
    balance_cents: Math.abs(balance), direction: opts.kind === 'credit_note' || balance < 0 ? 'credit' : direction,
    due_date: iso(addDays(invDate, 14)), method, customer_iban: iban(rng), customer_bic: rng.pick(['GENODEF1S10', 'COBADEFFXXX', 'DEUTDEDBXXX', 'INGDDEFFXXX']), mandate: `M${rng.digits(9)}`,
    plan,
  };
  // Drawn from the bill itself, not the generator, so every bill generated before stays byte-identical.
  if (hard && Number(bill.malo[4]) % 3 === 0) hard.former_malo = maloWithCheckDigit(`${(Number(bill.malo[0]) % 9) + 1}${bill.malo.slice(4, 10)}${bill.malo.slice(1, 4)}`);
  if (hard && Number(bill.malo[5]) % 2 === 0) hard.sister_line = `${supplier.name.split(' ')[0]} Netz GmbH · Netzweg ${Number(bill.malo[6]) + 1} · ${supplier.postal_code} ${supplier.city}`;
  if (hard && bill.method === 'sepa_direct_debit' && Number(bill.malo[7]) % 2 === 0) {
    hard.mandate_grouped = true;
    bill.mandate = `${bill.mandate.slice(0, 6)} ${bill.mandate.slice(6)}`;
  }
  // Sixth pass: traps drawn from the contract account's digits (every other bill byte-identical).
  if (hard && bill.kind !== 'interim_invoice' && Number(bill.contract_account[0]) % 2 === 0) {
    hard.kind_codes = true;
    // A substitute value is an estimate: at least one reading of the bill is one.
    const r = bill.registers[bill.registers.length - 1]!;
    r.kind_end = 'estimated';
  }
  if (hard && bill.kind !== 'interim_invoice' && Number(bill.contract_account[1]) % 3 === 0) {
    const types = (['conventional', 'modern', 'smart'] as const).filter((t) => t !== bill.meter_type);
    hard.second_meter_type = types[Number(bill.contract_account[2]) % 2]!;
  }
  if (hard && Number(bill.contract_account[3]) % 3 === 0) hard.combined_numbers = true;
  // Seventh pass: addresses and registers printed twice (drawn from the contract account too).
  if (hard) {
    const sameAddress = bill.service.street === bill.customer.street && bill.service.house_number === bill.customer.house_number;
    const pick = Number(bill.contract_account[4]) % 3;
    if (pick === 0) {
      hard.service_case = 'neighbour';
      bill.service = { ...bill.customer, house_number: String(parseInt(bill.customer.house_number, 10) + 2) };
    } else if (pick === 1) hard.service_case = 'billing_reprint';
    else if (sameAddress && Number(bill.contract_account[5]) % 2 === 0) hard.misprinted_house = String(parseInt(bill.customer.house_number, 10) + 1);
    // Eighth pass (digits 7–9 of the contract account; every bill without a trap byte-identical).
    if (Number(bill.contract_account[7]) % 3 === 0) hard.number_wrapped = true;
    if (hard.co_line && Number(bill.contract_account[8]) % 2 === 0) hard.co_inline = true;
    if (Number(bill.contract_account[9]) % 2 === 0) {
      const n = bill.charges.length;
      const from = Number(bill.contract_account[10]) % n;
      const at = [...Array(n).keys()].map((k) => (from + k) % n).find((k) => k > 0 && bill.charges[k]!.description.includes(' '));
      if (at !== undefined) hard.charge_two_line = at;
    }
    if (Number(bill.contract_account[6]) % 2 === 0) hard.grid_register = `${bill.operator} · Sitz ${supplier.city} · ${supplier.court} HRB ${bill.operator_code.slice(5, 10).replace(/^0+/, '')}`;
  }
  return bill;
}

/** ct/kWh → EUR/kWh as the truth writes it: "32,15" → "0.3215", "0,277" → "0.00277". */
export function ctToEur(ct: string): string {
  const [i, d = ''] = ct.split('.');
  const digits = (i! + d).padStart(d.length + 3, '0');
  const cut = digits.length - (d.length + 2);
  return `${digits.slice(0, cut).replace(/^0+(?=\d)/, '')}.${digits.slice(cut)}`.replace(/0+$/, '').replace(/\.$/, '');
}
