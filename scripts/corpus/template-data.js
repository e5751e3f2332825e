// Truth adapters for round-9 to round-14 sources: invoice programs whose example PDF was made from a data file
// committed beside it (a template's YAML / TOML / EDN input, a KSeF e-invoice XML a renderer drew,
// a library's example payload). Each adapter reads what its data file states and returns
// eval-generic's truth fields; the build stores them as docs/<id>.truth.json (`truth_format:
// "template-data"`), the eval reads them back through `truthFromTemplateData`.
//
// Only what the data states is mapped. Totals a program computes from its line items are computed
// the same way (sum of quantity × price, tax per rate rounded to cents), and only for programs whose
// printed totals follow that arithmetic (checked against the page before inclusion, docs/decisions.md
// round 9). A field the data does not state, or states in a form the page does not print (a Polish
// NIP without its "PL" prefix, a domestic account number that is no IBAN), is left out: neither
// right nor wrong for the eval.
import yaml from 'js-yaml';

const FIELDS = ['type', 'document_number', 'issue_date', 'payment_due_date', 'currency', 'sender_name', 'sender_vat_number', 'recipient_name', 'iban', 'net_amount', 'tax_total', 'gross_amount', 'tax_breakdowns'];

const cents = (v) => Math.round(Number(v) * 100);
const money = (c) => (c / 100).toFixed(2);
/** Totals of an invoice at one rate, from its net in cents and its rate in percent (tax rounded to the cent). */
function oneRateTotals(net, percentRate) {
  const tax = Math.round((net * percentRate) / 100);
  return { net_amount: money(net), tax_total: money(tax), gross_amount: money(net + tax), tax_breakdowns: [{ tax_rate: percentRate, taxable_amount: money(net), tax_amount: money(tax) }] };
}
/** dd.mm.yyyy or dd/mm/yyyy -> yyyy-mm-dd; ISO dates pass. */
const isoDate = (v) => {
  const s = String(v ?? '').trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : undefined;
};
const addDays = (iso, days) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + Number(days));
  return d.toISOString().slice(0, 10);
};
/** An identifier without spaces, upper case, when it has the `shape` (an IBAN, a VAT id). */
const compactId = (v, shape) => {
  const s = String(v ?? '').replace(/\s+/g, '').toUpperCase();
  return shape.test(s) ? s : undefined;
};
const iban = (v) => compactId(v, /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/);

/** Net, tax and gross (cents) of tax rows `{ tax_rate, taxable_amount, tax_amount }` in cents. */
function totalsOf(rows) {
  const net = rows.reduce((s, r) => s + r.taxable_amount, 0);
  const tax = rows.reduce((s, r) => s + r.tax_amount, 0);
  return { net, tax, gross: net + tax, rows };
}

/** Net, tax and gross of line items taxed per rate: tax rounded to cents per rate, as the programs print it. */
function totalsByRate(lines) {
  const byRate = new Map();
  for (const { net, rate } of lines) byRate.set(rate, (byRate.get(rate) ?? 0) + net);
  return totalsOf([...byRate].map(([rate, net]) => ({ tax_rate: rate, taxable_amount: net, tax_amount: Math.round((net * rate) / 100) })));
}

/** Tax rows in cents as truth rows (amounts as decimal strings). */
const moneyRows = (rows) => rows.map((r) => ({ tax_rate: r.tax_rate, taxable_amount: money(r.taxable_amount), tax_amount: money(r.tax_amount) }));

/**
 * mrzool/invoice-boilerplate's `details.yml` (pandoc + LaTeX): `invoice-nr`, `author` (the sender,
 * printed in the return line and the signature), `to` (address lines, the first is the name),
 * `service[].price` (net), `VAT` (percent), `currency`, and the bank details inside `closingnote`.
 * No issue date: the template prints the date of compilation.
 */
function pandocInvoiceYaml(text) {
  const d = yaml.load(text.replace(/\n---\s*$/, ''), { schema: yaml.FAILSAFE_SCHEMA }); // strings only: "2015-11-04" is an invoice number, not a date
  const net = (d.service ?? []).reduce((s, x) => s + cents(x.price), 0);
  const rate = Number(d.VAT);
  const t = totalsByRate([{ net, rate }]);
  return {
    type: 'invoice',
    document_number: String(d['invoice-nr']),
    currency: d.currency,
    sender_name: d.author,
    recipient_name: d.to?.[0],
    iban: iban(/IBAN:\s*([A-Z]{2}[\d ]+\d)/.exec(d.closingnote ?? '')?.[1]),
    net_amount: money(t.net),
    tax_total: money(t.tax),
    gross_amount: money(t.gross),
    tax_breakdowns: moneyRows(t.rows),
  };
}

/** The flat TOML the Typst template reads: `key = "string" | number` lines under `[table]` headers. */
function flatToml(text) {
  const out = {};
  let table = out;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^\s*#.*$/, '').trim();
    const head = /^\[([\w.-]+)\]$/.exec(line);
    if (head) {
      table = out[head[1]] = {};
      continue;
    }
    const kv = /^([\w-]+)\s*=\s*(?:"([^"]*)"|(-?[\d.]+))\s*$/.exec(line);
    if (kv) table[kv[1]] = kv[2] ?? Number(kv[3]);
  }
  // Inline item tables: `{ description = "…", price = 150.2 }` inside `items = [ … ]`.
  out.items = [...text.matchAll(/\{[^}]*\bprice\s*=\s*(-?[\d.]+)[^}]*\}/g)].map((m) => ({ price: Number(m[1]) }));
  return out;
}

/**
 * erictapen/typst-invoice's `invoice.toml` (version 0.1, 2023): `invoice-nr`, `date` (dd.mm.yyyy),
 * `[author].name`, `[recipient].name`, `[bank_account].iban`, `items[].price`. That version prints
 * the prices as the gross ("Gesamt" = their sum) and derives its VAT line from the gross, while the
 * page also states "§ 19 UStG": net and tax are not mapped, the gross is. The template prints "€".
 */
function typstInvoiceToml(text) {
  const d = flatToml(text);
  return {
    type: 'invoice',
    document_number: d['invoice-nr'],
    issue_date: isoDate(d.date),
    currency: 'EUR',
    sender_name: d.author?.name,
    recipient_name: d.recipient?.name,
    iban: iban(d.bank_account?.iban),
    gross_amount: money((d.items ?? []).reduce((s, x) => s + cents(x.price), 0)),
  };
}

/** One string or number value of a key in EDN text (the first occurrence after `from`). */
const ednValue = (text, key, from = 0) => {
  const m = new RegExp(`:${key}\\s+(?:"([^"]*)"|(-?[\\d.]+))`).exec(text.slice(from));
  return m ? (m[1] ?? Number(m[2])) : undefined;
};

/**
 * dominem/faktura's `invoice.edn` (Clojure, Polish VAT invoice): `:name` "Faktura nr <number>",
 * `:issue-date`, `:payment-deadline` (days after issue), `:seller`/`:buyer` `:name`, `:currency`,
 * `:items` (`:amount`, `:net-price`, `:tax` percent). The seller's `:nip` has no "PL" prefix and its
 * bank number is a domestic NRB, not an IBAN: neither is mapped.
 */
function fakturaEdn(text) {
  const seller = text.indexOf(':seller');
  const buyer = text.indexOf(':buyer');
  const issue = ednValue(text, 'issue-date');
  const items = [...text.matchAll(/\{[^{}]*:net-price[^{}]*\}/g)].map((m) => ({ net: cents(ednValue(m[0], 'amount') * ednValue(m[0], 'net-price')), rate: ednValue(m[0], 'tax') }));
  const t = totalsByRate(items);
  return {
    type: 'invoice',
    document_number: String(ednValue(text, 'name') ?? '').replace(/^Faktura\s+nr\s+/i, ''),
    issue_date: isoDate(issue),
    payment_due_date: issue && ednValue(text, 'payment-deadline') !== undefined ? addDays(isoDate(issue), ednValue(text, 'payment-deadline')) : undefined,
    currency: ednValue(text, 'currency'),
    sender_name: seller >= 0 ? ednValue(text, 'name', seller) : undefined,
    recipient_name: buyer >= 0 ? ednValue(text, 'name', buyer) : undefined,
    net_amount: money(t.net),
    tax_total: money(t.tax),
    gross_amount: money(t.gross),
    tax_breakdowns: moneyRows(t.rows),
  };
}

/** The text of the first element `name` inside the first `parent` element (namespace prefixes ignored). */
const xmlText = (xml, name, parent) => {
  const scope = parent ? new RegExp(`<(?:\\w+:)?${parent}[\\s>][\\s\\S]*?</(?:\\w+:)?${parent}>`).exec(xml)?.[0] ?? '' : xml;
  return new RegExp(`<(?:\\w+:)?${name}>([^<]*)</`).exec(scope)?.[1]?.trim();
};

/**
 * A Polish KSeF structured invoice (FA(2)/FA(3) XML) that a KSeF renderer drew as its PDF: `P_2`
 * number, `P_1` issue date, `KodWaluty`, `Podmiot1` / `Podmiot2` `Nazwa` (seller / buyer),
 * `P_13_1..3` with `P_14_1..3` (net and VAT at the 23 %, 8 % and 5 % rates), `P_15` gross, the
 * first `TerminPlatnosci/Termin`. Only a plain invoice (`RodzajFaktury` VAT) has a type; NIPs have
 * no "PL" prefix and are not mapped.
 */
function ksefFaXml(text) {
  const rates = [['1', 23], ['2', 8], ['3', 5]];
  const rows = rates
    .map(([k, rate]) => ({ rate, net: xmlText(text, `P_13_${k}`), tax: xmlText(text, `P_14_${k}`) }))
    .filter((r) => r.net !== undefined)
    .map((r) => ({ tax_rate: r.rate, taxable_amount: cents(r.net), tax_amount: cents(r.tax ?? 0) }));
  const { net, tax } = totalsOf(rows);
  const gross = xmlText(text, 'P_15');
  const others = /<(?:\w+:)?P_13_([4-9]|1\d)>/.test(text); // other rates or exempt bases: totals not mapped
  return {
    type: xmlText(text, 'RodzajFaktury') === 'VAT' ? 'invoice' : undefined,
    document_number: xmlText(text, 'P_2'),
    issue_date: isoDate(xmlText(text, 'P_1')),
    payment_due_date: isoDate(xmlText(text, 'Termin', 'TerminPlatnosci')),
    currency: xmlText(text, 'KodWaluty'),
    sender_name: xmlText(text, 'Nazwa', 'Podmiot1'),
    recipient_name: xmlText(text, 'Nazwa', 'Podmiot2'),
    net_amount: others || !rows.length ? undefined : money(net),
    tax_total: others || !rows.length ? undefined : money(tax),
    gross_amount: gross === undefined ? undefined : money(cents(gross)),
    tax_breakdowns: others ? undefined : moneyRows(rows),
  };
}

/** One `key: "string" | number` value of a JavaScript object literal inside the block `block: { … }`. */
const jsValue = (text, block, key) => {
  const body = new RegExp(`\\b${block}:\\s*\\{([^{}]*)\\}`).exec(text)?.[1] ?? '';
  const m = new RegExp(`\\b${key}:\\s*(?:"([^"]*)"|'([^']*)'|(-?[\\d.]+))`).exec(body);
  return m ? (m[1] ?? m[2] ?? Number(m[3])) : undefined;
};
const CURRENCY_SIGNS = { '£': 'GBP', '€': 'EUR', $: 'USD' };

/**
 * h1dd3nsn1p3r/pdf-invoice's example payload (`examples/example.ts`, a Node PDFKit library):
 * `company.name`, `customer.name`, `invoice.number`, `.date` / `.dueDate` (dd/mm/yyyy),
 * `.currency` (a sign), `items[]` (`quantity`, `price`, `tax` percent per line). The library prints
 * subtotal, the sum of each line's tax and the total: computed the same way here.
 */
function pdfInvoicePayload(text) {
  const items = [...text.matchAll(/\{[^{}]*\bprice:\s*(-?[\d.]+)[^{}]*\}/g)].map((m) => {
    const q = Number(/\bquantity:\s*(-?[\d.]+)/.exec(m[0])?.[1] ?? 1);
    return { net: cents(q * Number(m[1])), rate: Number(/\btax:\s*(-?[\d.]+)/.exec(m[0])?.[1] ?? 0) };
  });
  const net = items.reduce((s, x) => s + x.net, 0);
  const tax = items.reduce((s, x) => s + Math.round((x.net * x.rate) / 100), 0);
  return {
    type: 'invoice',
    document_number: String(jsValue(text, 'invoice', 'number') ?? ''),
    issue_date: isoDate(jsValue(text, 'invoice', 'date')),
    payment_due_date: isoDate(jsValue(text, 'invoice', 'dueDate')),
    currency: CURRENCY_SIGNS[jsValue(text, 'invoice', 'currency')],
    sender_name: jsValue(text, 'company', 'name'),
    recipient_name: jsValue(text, 'customer', 'name'),
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(net + tax),
  };
}

/**
 * madeindjs/invoice-generator-pdf's `example.json` (a pdfmake CLI for a French freelancer): `id`,
 * `issueDate` (ISO timestamp), `me.name`, `recipient.name`, `items[].hours` × `pricePerHour`, the IBAN
 * inside `bankInformations`. The page states that VAT does not apply and prints one total: the
 * gross. The currency (€) and the payment deadline are the program's, not the data's: not mapped.
 */
function invoiceGeneratorPdfJson(text) {
  const d = JSON.parse(text);
  const rate = cents(d.pricePerHour);
  const total = (d.items ?? []).reduce((s, x) => s + Math.round(Number(x.hours) * rate), 0);
  return {
    type: 'invoice',
    document_number: d.id,
    issue_date: isoDate(String(d.issueDate ?? '').slice(0, 10)),
    sender_name: d.me?.name,
    recipient_name: d.recipient?.name,
    iban: iban(/IBAN:\s*([A-Z]{2}[\d ]+\d)/.exec(d.bankInformations ?? '')?.[1]),
    gross_amount: money(total),
  };
}

/**
 * hugopl/invoicegenerator's built-in example (the YAML heredoc `YAML_EXAMPLE` of
 * src/invoicegenerator.cr, which its examples/invoice.pdf was made from): `from` / `client` (first
 * line the name), `invoice_number`, `date`, `due_date`, `currency` (a sign), `tax_rate` (a fraction),
 * `items[]` (`quantity`, `price` in cents). Subtotal, one sales-tax line and the total, as printed.
 */
function invoicegeneratorCrystal(text) {
  const body = /YAML_EXAMPLE = <<-YAML\n([\s\S]*?)\n\s*YAML\b/.exec(text)?.[1];
  if (!body) return {};
  const d = yaml.load(body, { schema: yaml.FAILSAFE_SCHEMA });
  const net = (d.items ?? []).reduce((s, x) => s + Number(x.quantity ?? 1) * Number(x.price ?? 0), 0);
  const rate = d.tax_rate === undefined ? 0 : Number(d.tax_rate) * 100;
  const t = totalsByRate([{ net, rate }]);
  return {
    type: 'invoice',
    document_number: d.invoice_number,
    issue_date: isoDate(d.date),
    payment_due_date: isoDate(d.due_date),
    currency: CURRENCY_SIGNS[d.currency],
    sender_name: String(d.from ?? '').split('\n')[0].trim(),
    recipient_name: String(d.client ?? '').split('\n')[0].trim(),
    net_amount: money(t.net),
    tax_total: rate ? money(t.tax) : undefined,
    gross_amount: money(t.gross),
    tax_breakdowns: rate ? moneyRows(t.rows) : undefined,
  };
}

const percent = (v) => (v === undefined ? undefined : Number(String(v).replace('%', '')));

/**
 * A GOBL envelope (Invopop's invoice JSON, `doc` of schema bill/invoice, totals already calculated by
 * GOBL) that gobl.html rendered as its page: number `series-code` as printed, `issue_date`, the first
 * `payment.terms.due_dates[].date`, `currency`, `supplier` / `customer` `name`, the supplier's
 * `tax_id` as country + code, the first credit transfer's IBAN, `totals.total` (net), `totals.tax`,
 * `totals.total_with_tax` (gross) and the VAT rates (`totals.taxes.categories[code VAT].rates`).
 * Type: "standard" is an invoice, "credit-note" a credit note; other types are not mapped. With a
 * retained tax (Spanish IRPF …) the tax sum mixes categories: tax total and rows are not mapped.
 */
function goblEnvelope(text) {
  const d = JSON.parse(text).doc ?? {};
  const t = d.totals ?? {};
  const cats = t.taxes?.categories ?? [];
  const vat = cats.filter((c) => c.code === 'VAT' && !c.retained);
  const onlyVat = cats.length > 0 && vat.length === cats.length;
  const taxId = d.supplier?.tax_id;
  return {
    type: d.type === 'standard' ? 'invoice' : d.type === 'credit-note' ? 'credit-note' : undefined,
    document_number: d.code === undefined ? undefined : d.series ? `${d.series}-${d.code}` : String(d.code),
    issue_date: isoDate(d.issue_date),
    payment_due_date: isoDate(d.payment?.terms?.due_dates?.[0]?.date),
    currency: d.currency,
    sender_name: d.supplier?.name,
    sender_vat_number: taxId?.country && taxId?.code ? `${taxId.country}${taxId.code}` : undefined,
    recipient_name: d.customer?.name,
    iban: iban(d.payment?.instructions?.credit_transfer?.[0]?.iban),
    net_amount: t.total === undefined ? undefined : money(cents(t.total)),
    tax_total: onlyVat && t.tax !== undefined ? money(cents(t.tax)) : undefined,
    gross_amount: t.total_with_tax === undefined ? undefined : money(cents(t.total_with_tax)),
    tax_breakdowns: onlyVat ? vat.flatMap((c) => (c.rates ?? []).filter((r) => r.percent !== undefined).map((r) => ({ tax_rate: percent(r.percent), taxable_amount: money(cents(r.base)), tax_amount: money(cents(r.amount)) }))) : undefined,
  };
}

// ---- Round 10 (corpus13): programs whose data spans several files (`truthData.file` returns a list,
// the adapter gets their texts in that order) or sits in the example program that printed the PDF.

/** A VAT id as printed: an EU (or GB, CH, NO) country prefix and 8–12 characters; other tax numbers are not mapped. */
const VAT_ID = /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI|GB|CH|NO)[0-9A-Z]{8,12}$/;
const vatId = (v) => compactId(v, VAT_ID);

/**
 * Cents of an amount string as a program printed it ("$ 1,000", "Kč 12.100,-", "51.6"): a last
 * separator followed by one or two digits is the decimal mark, every other separator groups digits.
 */
function printedCents(v) {
  const s = String(v ?? '').replace(/,-$/, '').replace(/[^\d.,-]/g, '').replace(/^-/, '');
  if (!/\d/.test(s)) return undefined;
  const m = /^(.*?)[.,](\d{1,2})$/.exec(s);
  const int = Number((m ? m[1] : s).replace(/[.,]/g, '') || 0);
  return int * 100 + (m ? Number(m[2].padEnd(2, '0')) : 0);
}
const moneyOrNone = (c) => (c === undefined ? undefined : money(c));
const printedMoney = (v) => moneyOrNone(printedCents(v));
const SIGN_CURRENCIES = [['Kč', 'CZK'], ['€', 'EUR'], ['£', 'GBP'], ['$', 'USD']];
const signCurrency = (v) => SIGN_CURRENCIES.find(([sign]) => String(v ?? '').includes(sign))?.[1];

/**
 * Slash dates of one document in one order: day first unless a middle part above 12 shows the US
 * order (month first); a two-digit year is of the 2000s.
 */
function slashDates(values) {
  const parts = values.map((v) => /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(String(v ?? '').trim()));
  const monthFirst = parts.some((p) => p && Number(p[2]) > 12) && !parts.some((p) => p && Number(p[1]) > 12);
  return parts.map((p) => {
    if (!p) return undefined;
    const [day, month] = monthFirst ? [p[2], p[1]] : [p[1], p[2]];
    const year = p[3].length === 2 ? `20${p[3]}` : p[3];
    return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  });
}

/** A `key: "string" | number` value inside Typst or JavaScript source text. */
const sourceValue = (text, key) => {
  const m = new RegExp(`(?:^|[\\s,({])${key.replace(/[-]/g, '\\-')}:\\s*(?:"([^"]*)"|'([^']*)'|(-?[\\d.]+))`).exec(text ?? '');
  return m ? (m[1] ?? m[2] ?? Number(m[3])) : undefined;
};

/**
 * ad-si/invoice-maker's rows and totals as its Typst template computes them: a row with `dur-min`
 * is the hourly rate × minutes / 60 rounded to cents (its price is printed but not used), else quantity × price;
 * tax = sub-total × VAT rate, zero for reverse charge (the two VAT ids' country prefixes differ); the
 * template prints amounts truncated to cents (`add-zeros`), not rounded. A discount is subtracted
 * after the tax was computed on the undiscounted sub-total: then net and tax rows are not mapped
 * (no printed base), gross and tax are.
 */
function invoiceMakerTotals(items, { hourlyRate, vat, discount, reverseCharge }) {
  const rowCents = items.map((r) => {
    const dur = Number(r['dur-min'] ?? 0);
    if (dur) return Math.round(((hourlyRate ?? 0) * dur * 100) / 60);
    return Math.round(Number(r.quantity ?? 1) * Number(r.price ?? 0) * 100);
  });
  const sub = rowCents.reduce((s, c) => s + c, 0);
  const rate = reverseCharge ? 0 : vat;
  const taxExact = sub * rate;
  const off = !discount ? 0 : discount.type === 'fixed' ? Number(discount.value) * 100 : sub * Number(discount.value);
  const tax = Math.floor(taxExact + 1e-6);
  const gross = Math.floor(sub - off + taxExact + 1e-6);
  if (off) return { tax_total: money(tax), gross_amount: money(gross) };
  return { net_amount: money(sub), tax_total: money(tax), gross_amount: money(gross), tax_breakdowns: rate ? moneyRows([{ tax_rate: rate * 100, taxable_amount: sub, tax_amount: tax }]) : undefined };
}

/** The template's default VAT rate (the `vat:` parameter of `invoice`), when the data sets none. */
const invoiceMakerVat = (template) => Number(/^\s*vat:\s*([\d.]+),/m.exec(template ?? '')?.[1] ?? 0);

/** One ad-si/invoice-maker invoice, from either input form: the truth fields and the totals the template computes. */
function invoiceMakerTruth({ id, issued, due, biller, recipient, items, hourlyRate, vat, discount }) {
  return {
    type: 'invoice',
    document_number: id,
    issue_date: isoDate(issued),
    payment_due_date: isoDate(due),
    currency: 'EUR',
    sender_name: biller.name,
    sender_vat_number: vatId(biller.vatId),
    recipient_name: recipient.name,
    iban: iban(biller.iban),
    ...invoiceMakerTotals(items, { hourlyRate, vat, discount, reverseCharge: String(biller.vatId).slice(0, 2) !== String(recipient.vatId).slice(0, 2) }),
  };
}

/**
 * ad-si/invoice-maker (Typst): `[caller, data, template]` — the example file that printed the PDF
 * (`invoice-id`, `issuing-date`, `due-date`, `hourly-rate`, `#biller.insert("vat-id", …)`), the
 * shared `fixtures/example-data.typ` (`biller` / `recipient` name, vat-id, iban; `table-data` rows)
 * and `invoice-maker.typ` (default VAT rate; the currency it prints is "€").
 */
function invoiceMakerTyp([caller, data, template]) {
  const block = (from, to) => data.slice(data.indexOf(from), to ? data.indexOf(to) : undefined);
  const party = (who, text) => ({ name: sourceValue(text, 'name'), iban: sourceValue(text, 'iban'), vatId: new RegExp(`#${who}\\.insert\\("vat-id",\\s*"([^"]*)"\\)`).exec(caller)?.[1] ?? sourceValue(text, 'vat-id') });
  const items = [...block('#let table-data').matchAll(/\(([^()]*\bdescription:[^()]*)\)/g)].map((m) => ({ 'dur-min': sourceValue(m[1], 'dur-min'), quantity: sourceValue(m[1], 'quantity'), price: sourceValue(m[1], 'price') }));
  return invoiceMakerTruth({
    id: sourceValue(caller, 'invoice-id'),
    issued: sourceValue(caller, 'issuing-date'),
    due: sourceValue(caller, 'due-date'),
    biller: party('biller', block('#let biller', '#let recipient')),
    recipient: party('recipient', block('#let recipient', '#let table-data')),
    items,
    hourlyRate: sourceValue(caller, 'hourly-rate'),
    vat: invoiceMakerVat(template),
  });
}

/** ad-si/invoice-maker's YAML input (`[data, template]`): the same fields as the Typst form, in one record. */
function invoiceMakerYaml([text, template]) {
  const d = yaml.load(text, { schema: yaml.FAILSAFE_SCHEMA }); // strings only: the invoice id looks like a date
  const party = (p) => ({ name: p?.name, iban: p?.iban, vatId: p?.['vat-id'] });
  return invoiceMakerTruth({
    id: d['invoice-id'],
    issued: d['issuing-date'],
    due: d['due-date'],
    biller: party(d.biller),
    recipient: party(d.recipient),
    items: d.items ?? [],
    hourlyRate: Number(d['hourly-rate'] ?? 0),
    vat: d.vat === undefined ? invoiceMakerVat(template) : Number(d.vat),
    discount: d.discount,
  });
}

/**
 * strzibny/invoice_printer's examples (`examples/<name>.rb`, Ruby + Prawn): the keyword arguments of
 * `InvoicePrinter::Document.new(…)`, strings printed as given — `number` (its "NO." / "č." label
 * dropped), `provider_name`, `purchaser_name`, `provider_tax_id2` (or `provider_tax_id`) when it is a
 * VAT id, `issue_date` / `due_date`, `subtotal`, `tax`, `total` (amounts with a currency sign),
 * `account_iban`.
 */
function invoicePrinterRb(text) {
  const body = /InvoicePrinter::Document\.new\(([\s\S]*?)\n\)/.exec(text)?.[1] ?? '';
  const arg = (key) => new RegExp(`(?:^|\\n)\\s*${key}:\\s*'([^']*)'`).exec(body)?.[1];
  const [issue, due] = slashDates([arg('issue_date'), arg('due_date')]);
  return {
    type: 'invoice',
    document_number: arg('number')?.replace(/^(no\.?|č\.?|nr\.?|#)\s*/i, ''),
    issue_date: issue,
    payment_due_date: due,
    currency: signCurrency(arg('total')),
    sender_name: arg('provider_name'),
    sender_vat_number: vatId(arg('provider_tax_id2')) ?? vatId(arg('provider_tax_id')),
    recipient_name: arg('purchaser_name'),
    iban: iban(arg('account_iban')),
    net_amount: printedMoney(arg('subtotal')),
    tax_total: printedMoney(arg('tax')),
    gross_amount: printedMoney(arg('total')),
  };
}

/**
 * baptistejamin/node-microinvoice's example (`examples/index.ts`): `invoice.header` label/value pairs
 * ("Invoice Number", "Date" dd/mm/yy), `currency`, the first line of the `customer` ("Bill To") and
 * `seller` ("Bill From") values, and the `details.total` label/value pairs the library prints as
 * given ("Total without VAT", "VAT Rate", "VAT Paid", "Total paid with VAT").
 */
function microinvoiceTs(text) {
  const pairs = [...text.matchAll(/label:\s*"([^"]*)",\s*value:\s*(?:"([^"]*)"|(-?[\d.]+)|\[\s*"([^"]*)")/g)].map((m) => ({ label: m[1], value: m[2] ?? m[3] ?? m[4] }));
  const of = (re) => pairs.find((p) => re.test(p.label))?.value;
  const [date] = slashDates([of(/^date$/i)]);
  const net = printedCents(of(/without vat/i));
  const tax = printedCents(of(/vat paid/i));
  const rate = Number(String(of(/vat rate/i) ?? '').replace('%', ''));
  return {
    type: 'invoice',
    document_number: of(/invoice number/i) === undefined ? undefined : String(of(/invoice number/i)),
    issue_date: date,
    currency: sourceValue(text, 'currency'),
    sender_name: of(/bill from/i),
    recipient_name: of(/bill to/i),
    net_amount: moneyOrNone(net),
    tax_total: moneyOrNone(tax),
    gross_amount: printedMoney(of(/with vat/i)),
    tax_breakdowns: net !== undefined && tax !== undefined && rate ? moneyRows([{ tax_rate: rate, taxable_amount: net, tax_amount: tax }]) : undefined,
  };
}

/**
 * AlexAltea/invoice's example configuration (`[config-project, config-client, config-base]`, each
 * naming the next as its `parent`; the nearer file wins): `invoice.id` / `created` / `due`,
 * `company.name`, `client.name`, `payment.iban`, `currencyDest`, and `projects[].amount` summed into
 * the one "Total" the page prints (no tax line outside Andorra).
 */
function alexalteaInvoiceJson(texts) {
  const merged = texts.map((t) => JSON.parse(t)).reverse().reduce((acc, c) => ({ ...acc, ...c, invoice: { ...acc.invoice, ...c.invoice }, company: { ...acc.company, ...c.company }, client: { ...acc.client, ...c.client }, payment: { ...acc.payment, ...c.payment } }), {});
  const total = (merged.projects ?? []).reduce((s, p) => s + cents(p.amount), 0);
  return {
    type: 'invoice',
    document_number: merged.invoice?.id,
    issue_date: isoDate(merged.invoice?.created),
    payment_due_date: isoDate(merged.invoice?.due),
    currency: merged.currencyDest,
    sender_name: merged.company?.name,
    recipient_name: merged.client?.name,
    iban: iban(merged.payment?.iban),
    gross_amount: merged.currencySrc === merged.currencyDest ? money(total) : undefined,
  };
}

/**
 * domonda's invoice import format (`example/invoice.jsonc`, JSON with `//` comments), the data of the
 * example invoice committed beside it. Written from the receiving side: `partnerName` /
 * `partnerVatId` are the invoice's counterparty, on this page the addressee (the sender is not
 * stated). `vatAmounts` are per line with `vatPercentages`; grouped by rate they give the tax rows.
 */
function domondaInvoiceJsonc(text) {
  // A line's comment starts at the first `//` outside a string (the comments quote formats themselves).
  const d = JSON.parse(text.split('\n').map((line) => line.replace(/^((?:[^"/]|"(?:[^"\\]|\\.)*")*)\/\/.*$/, '$1')).join('\n'));
  const byRate = new Map();
  (d.vatPercentages ?? []).forEach((rate, i) => byRate.set(rate, (byRate.get(rate) ?? 0) + cents(d.vatAmounts?.[i] ?? 0)));
  const tax = [...byRate.values()].reduce((s, c) => s + c, 0);
  const single = byRate.size === 1 && d.net != null;
  return {
    type: d.creditMemo ? 'credit-note' : 'invoice',
    document_number: d.invoiceNumber,
    issue_date: isoDate(d.invoiceDate),
    payment_due_date: isoDate(d.dueDate),
    currency: d.currency,
    recipient_name: d.partnerName,
    iban: iban(d.iban),
    net_amount: d.net != null ? money(cents(d.net)) : undefined,
    tax_total: byRate.size ? money(tax) : undefined,
    gross_amount: d.total != null ? money(cents(d.total)) : undefined,
    tax_breakdowns: single ? moneyRows([{ tax_rate: [...byRate.keys()][0], taxable_amount: cents(d.net), tax_amount: tax }]) : undefined,
  };
}

/**
 * aaaalabs/austrian-invoice-templates' `<template>_data.json`: each Austrian template's sample data, in
 * objects whose names differ per trade — the issuer (`firma`, `hotel`, `kanzlei`, `company` …), the
 * addressee (`kunde`, `mandant`, `bauherr`, `client` …), the invoice (`rechnung`, `honorarnote`,
 * `invoice` …) and the totals (`zusammenfassung` / `totals`). Taken by role, as stated: a company name
 * before a person's name, the due date only when it starts with a date ("11.09.2025 (14 Tage)": its
 * date; "14 Tage netto": none), the issuer's IBAN only when it has one account, tax rows only for a
 * single rate, the currency only when named.
 */
const AT_ISSUER = ['firma', 'hotel', 'studio', 'shop', 'kanzlei', 'restaurant', 'verwaltung', 'eeg', 'company'];
const AT_ADDRESSEE = ['kunde', 'bauherr', 'mandant', 'eigentuemer', 'mitglied', 'client', 'gast'];
const AT_DOCUMENT = ['rechnung', 'abschlagsrechnung', 'honorarnote', 'bestellung', 'invoice'];
function austrianInvoiceTemplateJson(text) {
  const d = JSON.parse(text);
  const role = (keys) => d[keys.find((k) => d[k] && typeof d[k] === 'object')] ?? {};
  const [issuer, addressee, doc] = [role(AT_ISSUER), role(AT_ADDRESSEE), role(AT_DOCUMENT)];
  const z = d.zusammenfassung ?? d.totals ?? {};
  const person = [addressee.vorname, addressee.nachname].filter(Boolean).join(' ');
  const accounts = [issuer.iban, issuer.banking?.iban, issuer.hauptkonto?.iban, issuer.treuhandkonto?.iban].filter(Boolean);
  // Tax per rate: `ust_20`-style keys (zero amounts are rates the page lists empty) or a `tax_breakdown` list.
  const rates = Object.entries(z).filter(([k, v]) => /^ust_\d+$/.test(k) && printedCents(v)).map(([k, v]) => ({ rate: Number(k.slice(4)), tax: printedCents(v) }));
  if (!rates.length && z.ust_satz !== undefined && z.ust_betrag !== undefined) rates.push({ rate: Number(z.ust_satz), tax: printedCents(z.ust_betrag) });
  for (const r of z.tax_breakdown ?? []) rates.push({ rate: Number(r.rate), tax: printedCents(r.tax), base: printedCents(r.base) });
  const net = printedCents(z.summe_netto ?? z.net_after_discount);
  const tax = z.keine_ust ? 0 : z.summe_ust !== undefined ? printedCents(z.summe_ust) : rates.length ? rates.reduce((t, r) => t + r.tax, 0) : undefined;
  const single = rates.length === 1 && net !== undefined ? [{ tax_rate: rates[0].rate, taxable_amount: rates[0].base ?? net, tax_amount: rates[0].tax }] : undefined;
  return {
    type: 'invoice',
    document_number: doc.nummer ?? doc.rechnungsnummer ?? doc.number,
    issue_date: isoDate(doc.datum ?? doc.rechnungsdatum ?? doc.date),
    payment_due_date: isoDate(/^[\d.]+/.exec(doc.faellig ?? doc.zahlungsziel_datum ?? doc.zahlungsziel ?? doc.due_date ?? '')?.[0]),
    currency: z.waehrung ?? z.currency,
    sender_name: issuer.name,
    sender_vat_number: vatId(issuer.uid ?? issuer.legal?.uid),
    recipient_name: addressee.firma || addressee.company_name || person || addressee.name,
    iban: accounts.length === 1 ? iban(accounts[0]) : undefined,
    net_amount: moneyOrNone(net),
    tax_total: moneyOrNone(tax),
    gross_amount: printedMoney(z.summe_brutto ?? z.summe_zu_zahlen ?? z.total ?? z.abschlagssumme_brutto ?? z.gesamt),
    tax_breakdowns: single && moneyRows(single),
  };
}

/**
 * quailyquaily/bizdocgen's sample data (`samples/invoice-<n>.yaml`, a Go business-document generator
 * that prints one invoice in several layouts): `id`, `date`, `currency`, `company_name` (the issuer),
 * `bill_to_company`, `summary.total_exclude_tax` × `summary.tax_rate` (the page prints "VAT" and
 * "Total (including tax)" without the rate, so no tax row is mapped). `tax_number` is a Japanese
 * registration number, no VAT id: not mapped; the bank account is no IBAN.
 */
function bizdocgenYaml(text) {
  const d = yaml.load(text, { schema: yaml.FAILSAFE_SCHEMA }); // strings only: ids and dates as written
  const net = cents(d.summary?.total_exclude_tax);
  const tax = Math.round(net * Number(d.summary?.tax_rate ?? 0));
  return {
    type: 'invoice',
    document_number: d.id,
    issue_date: isoDate(d.date),
    currency: d.currency,
    sender_name: d.company_name,
    recipient_name: d.bill_to_company,
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(net + tax),
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** "Mar 19, 2017" -> 2017-03-19. */
const monthNameDate = (v) => {
  const m = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4})$/.exec(String(v ?? '').trim());
  const month = m && MONTHS.indexOf(m[1].toLowerCase()) + 1;
  return month ? `${m[3]}-${String(month).padStart(2, '0')}-${m[2].padStart(2, '0')}` : undefined;
};

/**
 * DoccaPDF/docca-builder-node-preact's demo data (`demo/data/invoice*.json`, a Preact invoice
 * renderer): `invoice.number`, `issue_date` ("Mar 19, 2017"), `supplier.name`, `customer.name`,
 * `items[]` (`quantity` × `price` in cents), `currency`, `tax_percent` on the sub-total, the tax
 * rounded to cents as the page prints it ("Subtotal / * GST (10%) / Amount due"). "Due Immediately"
 * is no date: not mapped.
 */
function doccaInvoiceJson(text) {
  const d = JSON.parse(text).invoice;
  const net = (d.items ?? []).reduce((s, x) => s + Number(x.quantity) * Number(x.price), 0);
  const rate = Number(d.tax_percent ?? 0);
  const t = totalsByRate([{ net, rate }]);
  return {
    type: 'invoice',
    document_number: d.number,
    issue_date: monthNameDate(d.issue_date),
    currency: d.currency,
    sender_name: d.supplier?.name,
    recipient_name: d.customer?.name,
    net_amount: money(t.net),
    tax_total: money(t.tax),
    gross_amount: money(t.gross),
    tax_breakdowns: moneyRows(t.rows),
  };
}

/**
 * thisha-me/pdf-light's example (`examples/generate_invoice.ts`, an HTML-to-PDF library): the
 * template's `data` object — `invoiceId`, `date`, `customerName`, `total`. The issuer ("Your Company
 * Name") is the template's text, not data, and the "Tax" row is one of the items: neither is mapped,
 * nor a currency (a "$" of the template).
 */
function pdfLightExampleTs(text) {
  const data = /\bconst data = \{([\s\S]*?)\n\s*\};/.exec(text)?.[1] ?? '';
  const value = (key) => new RegExp(`\\b${key}:\\s*(?:'([^']*)'|"([^"]*)"|(-?[\\d.]+))`).exec(data)?.slice(1).find((v) => v !== undefined);
  const total = value('total');
  return {
    type: 'invoice',
    document_number: value('invoiceId'),
    issue_date: isoDate(value('date')),
    recipient_name: value('customerName'),
    gross_amount: total === undefined ? undefined : money(cents(total)),
  };
}

/** A LaTeX-escaped YAML string as printed: "~" and "\\" are spaces, runs of white space one. */
const latexText = (v) => (v === undefined ? undefined : String(v).replace(/\\\\|~/g, ' ').replace(/\s+/g, ' ').trim());

/**
 * lowlandresearch/invoicing's `example-invoice.yml` (a Python driver of the dapper-invoice LaTeX
 * class): `number`, `due`, `me.name` (the issuer, "Payable To"), `client.name`, `hours[]` at
 * `rates[rate ?? 'default']`, summed as the driver sums them (hours × rate) into the one total the
 * page prints. The issue date printed is the day of the build, not data: not mapped.
 */
function dapperInvoiceYaml(text) {
  const d = yaml.load(text, { schema: yaml.FAILSAFE_SCHEMA });
  const gross = (d.hours ?? []).reduce((s, h) => s + cents(Number(h.hours) * Number(d.rates?.[h.rate ?? 'default'])), 0);
  return {
    type: 'invoice',
    document_number: d.number,
    payment_due_date: isoDate(d.due),
    sender_name: latexText(d.me?.name),
    recipient_name: latexText(d.client?.name),
    gross_amount: money(gross),
  };
}

/** The `[SECTION]` / `key=value` files eniallator/Invoice-Generator reads, merged in the order given. */
function iniSections(texts) {
  const out = {};
  for (const text of texts) {
    let section;
    for (const line of text.split('\n')) {
      const head = /^\[(\w+)\]\s*$/.exec(line);
      if (head) section = out[head[1]] ??= {};
      else if (section && /^\w+=/.test(line)) section[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1).trim();
    }
  }
  return out;
}

/**
 * eniallator/Invoice-Generator's example (a Python + LaTeX generator): the invoice file
 * `raw_invoices/<client>.<date>.cfg` (`[META]` id and date, `[ITEM_n]` hours × rate, `[EXPENSE_n]`
 * quantity × rate) with the files it imports, `my_info.cfg` (`[INVOICE_FROM]`, the issuer) and
 * `clients/<client>.cfg` (`[INVOICE_TO]`, printed as "Attention: …"). One total, no tax; the
 * currency is a LaTeX sign (\pounds): left to the page.
 */
function invoiceGeneratorCfg(texts) {
  const d = iniSections(texts);
  const lines = Object.entries(d).filter(([k]) => /^(ITEM|EXPENSE)_\d+$/.test(k)).map(([, v]) => cents(Number(v.hrs ?? v.qty) * Number(v.rate)));
  return {
    type: 'invoice',
    document_number: d.META?.invoice_id,
    issue_date: isoDate(String(d.META?.invoice_date ?? '').replace(/\//g, '-')),
    sender_name: d.INVOICE_FROM?.fullname,
    recipient_name: d.INVOICE_TO?.fullname,
    gross_amount: money(lines.reduce((s, c) => s + c, 0)),
  };
}

/**
 * zzkt/yoyodyne's `invoice-example.yaml` (a Python + LaTeX invoice generator): number, dates,
 * `invoice-to`, `VAT-id` (the recipient's: not a sender field), `currency` and the totals as the page
 * prints them (`invoice-subtotal`, `invoice-VAT`, `invoice-total`; one VAT rate over all lines). The
 * issuer's name and VAT id are the template's text, not data: not mapped; the IBAN is no IBAN.
 */
function yoyodyneYaml(text) {
  const d = yaml.loadAll(text, null, { schema: yaml.FAILSAFE_SCHEMA }).find(Boolean); // a YAML front matter: the document between the "---" lines
  const rates = [...new Set((d.service ?? []).map((x) => Number(x['vat-rate'])))];
  const [net, tax] = [printedCents(d['invoice-subtotal']), printedCents(d['invoice-VAT'])];
  return {
    type: 'invoice',
    document_number: d['invoice-number'],
    issue_date: isoDate(d['invoice-date']),
    payment_due_date: isoDate(d['invoice-due']),
    currency: d.currency,
    recipient_name: d['invoice-to'],
    net_amount: moneyOrNone(net),
    tax_total: moneyOrNone(tax),
    gross_amount: printedMoney(d['invoice-total']),
    tax_breakdowns: rates.length === 1 ? moneyRows([{ tax_rate: rates[0], taxable_amount: net, tax_amount: tax }]) : undefined,
  };
}

/**
 * paulopompeu/invoices' `examples/invoice-example.json` (a Python + Playwright invoice generator):
 * dates, currency, the issuer's company (`seller_legal_name`, printed under the person's name
 * `seller_name`: the company is the party), `client_name`, `items[]` quantity × unit price and `tax`
 * (an amount). The invoice number is a command-line argument and the tax id a Brazilian CNPJ: not mapped.
 */
function pompeuInvoiceJson(text) {
  const d = JSON.parse(text);
  const net = (d.items ?? []).reduce((s, x) => s + cents(Number(x.quantity) * Number(x.unit_price)), 0);
  const tax = cents(d.tax ?? 0);
  return {
    type: 'invoice',
    issue_date: isoDate(d.issue_date),
    payment_due_date: isoDate(d.due_date),
    currency: d.currency,
    sender_name: d.seller_legal_name ?? d.seller_name,
    recipient_name: d.client_name,
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(net + tax),
  };
}

/**
 * OpenInvoiceScan/invoice_dataset_generation's rendered examples: each PDF beside the JSON its
 * template was filled from (Faker data: Spanish firms and people, random tax ids). `invoice_id`,
 * dates, `issuer.name`, `recipient.name`, `subtotal`, `taxes[]` (percentage, amount) and `total` as
 * printed; `tax_id` is a random string, no VAT id: not mapped.
 */
function invoiceDatasetJson(text) {
  const d = JSON.parse(text);
  const taxes = d.taxes ?? [];
  const net = printedCents(d.subtotal);
  const tax = taxes.reduce((s, t) => s + printedCents(t.amount), 0);
  return {
    type: 'invoice',
    document_number: d.invoice_id === undefined ? undefined : String(d.invoice_id),
    issue_date: isoDate(d.issue_date),
    payment_due_date: isoDate(d.due_date),
    currency: d.currency,
    sender_name: d.issuer?.name,
    recipient_name: d.recipient?.name,
    net_amount: moneyOrNone(net),
    tax_total: money(tax),
    gross_amount: printedMoney(d.total),
    tax_breakdowns: taxes.length === 1 ? moneyRows([{ tax_rate: Number(taxes[0].percentage), taxable_amount: net, tax_amount: tax }]) : undefined,
  };
}

/** An IBAN only when its check digits hold (ISO 13616 mod 97): a template's "DE00 …" or "PE12 …" is no account. */
const checkedIban = (v) => {
  const s = iban(v);
  if (!s) return undefined;
  const digits = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1 ? s : undefined;
};

/** Round 13. A quantity as scalableminds/invoice-compiler computes it: a sum ("30 + # Small\n28 + …"), comments dropped. */
const quantitySum = (v) =>
  String(v ?? '1')
    .replace(/#[^\n]*/g, '')
    .split('+')
    .map((x) => x.trim())
    .filter(Boolean)
    .reduce((s, x) => s + Number(x), 0);

/**
 * scalableminds/invoice-compiler's sample YAML (`samples/42.yml`): `invoice.number`, `invoice.date`,
 * `invoice.currency` (a sign; absent in the first version, whose template prints "€" itself: then not
 * mapped), `sender.name` (the legal name of the footer; the letterhead prints `name_short`),
 * `receiver.company`, `sender.tax.vat_id` and `sender.banking.iban` when they are a VAT id / a valid
 * IBAN, and `items[]` quantity (a sum) × price per `tax_rate`, tax rounded to cents per rate as printed.
 */
function invoiceCompilerYml(text) {
  const d = yaml.load(text, { schema: yaml.FAILSAFE_SCHEMA }); // strings only: the date stays as written
  const t = totalsByRate((d.items ?? []).map((x) => ({ net: Math.round(quantitySum(x.quantity) * cents(x.price)), rate: Number(x.tax_rate) })));
  return {
    type: 'invoice',
    document_number: d.invoice?.number === undefined ? undefined : String(d.invoice.number),
    issue_date: isoDate(d.invoice?.date),
    currency: signCurrency(d.invoice?.currency),
    sender_name: d.sender?.name,
    sender_vat_number: vatId(d.sender?.tax?.vat_id),
    recipient_name: d.receiver?.company ?? d.receiver?.name,
    iban: checkedIban(d.sender?.banking?.iban),
    net_amount: money(t.net),
    // The page prints one line per rate and no tax sum: the sum is mapped only where it is that one line.
    tax_total: t.rows.length === 1 ? money(t.tax) : undefined,
    gross_amount: money(t.gross),
    tax_breakdowns: moneyRows(t.rows),
  };
}

/**
 * maelgangloff/signed-invoice's README example (the object its `docs/invoice.pdf` was printed from):
 * `reference`, `dueDate`, `seller.name`, `client.name`, `currency`, `lines[]` quantity × unitPrice with
 * `tax` (a fraction). The issue date is `new Date()` (the day it ran): not mapped; the page prints one
 * "Tax" total without its rate, so no tax row.
 */
function signedInvoiceReadme(text) {
  const block = /new Invoice\(\{([\s\S]*?)\}, privateKey\)/.exec(text)?.[1];
  if (!block) return null;
  const lines = [...block.matchAll(/quantity:\s*([\d.]+),\s*unitPrice:\s*([\d.]+),\s*tax:\s*([\d.]+)/g)].map((m) => ({ net: Math.round(Number(m[1]) * cents(m[2])), rate: Number(m[3]) * 100 }));
  const t = totalsByRate(lines);
  const seller = /seller:\s*\{([\s\S]*?)\}\s*,\s*client/.exec(block)?.[1];
  const client = /client:\s*\{([^}]*)\}/.exec(block)?.[1];
  const due = /dueDate:\s*new Date\('(\d{4}-\d{2}-\d{2})'\)/.exec(block)?.[1];
  return {
    type: 'invoice',
    document_number: sourceValue(block, 'reference'),
    payment_due_date: due,
    currency: sourceValue(block, 'currency'),
    sender_name: sourceValue(seller, 'name'),
    recipient_name: sourceValue(client, 'name'),
    net_amount: money(t.net),
    tax_total: money(t.tax),
    gross_amount: money(t.gross),
  };
}

/** The argument of a LaTeX `\newcommand{\name}{value}` line. */
const texCommand = (text, name) => new RegExp(`\\\\newcommand\\{\\\\${name}\\}\\{([^}]*)\\}`).exec(text ?? '')?.[1]?.trim();

/**
 * d-koppenhagen/latex-rechnung (LaTeX `invoice` package, German): `_data.tex` (sender, customer),
 * `_invoice.tex` (`\Fee{text}{rate}{count}` rows, `\Discount{text}{amount}`) and `_main.tex` (the
 * currency, `\begin{invoice}{Euro}{0}`: VAT 0 %, small-business note). Gross = Σ rate × count − discounts.
 * The invoice number and dates are the template's placeholders ("YYYYMMDD-1", "DD.MM.YYYY"): not
 * mapped; the "DE00 …" account is no valid IBAN: not mapped.
 */
function latexRechnungTex([data, invoice, main]) {
  const fees = [...invoice.matchAll(/^\\Fee\{[^}]*\}\s*\{([\d.]+)\}\s*\{([\d.]+)\}/gm)].reduce((s, m) => s + Math.round(cents(m[1]) * Number(m[2])), 0);
  const discounts = [...invoice.matchAll(/^\\Discount\{[^}]*\}\s*\{([\d.]+)\}/gm)].reduce((s, m) => s + cents(m[1]), 0);
  const currency = /\\begin\{invoice\}\{([^}]*)\}/.exec(main)?.[1];
  return {
    type: 'invoice',
    document_number: /^[\d-]+$/.test(texCommand(data, 'invoiceReference') ?? '') ? texCommand(data, 'invoiceReference') : undefined,
    issue_date: isoDate(texCommand(data, 'invoiceDate')),
    payment_due_date: isoDate(texCommand(data, 'payDate')),
    currency: /^euro?$/i.test(currency ?? '') ? 'EUR' : undefined,
    sender_name: texCommand(data, 'senderName'),
    recipient_name: texCommand(data, 'customerCompany') || texCommand(data, 'customerName'),
    iban: checkedIban(texCommand(data, 'accountIBAN')),
    gross_amount: money(fees - discounts),
  };
}

/**
 * johnfercher/maroto's billing example (Go source that draws `billing.pdf`): the title "Invoice <number>",
 * the amount drawn after "Total:" (its own constant: the example does not sum its rows), its sign
 * ("R$": BRL), and the issuer, the company name that opens the letterhead's address text (up to its
 * legal form). No recipient, date or tax on the page.
 */
function marotoBillingGo(text) {
  const total = /"Total:"[\s\S]*?"(R\$|€|\$|£)\s*([\d.,]+)"/.exec(text);
  const SIGNS = { 'R$': 'BRL', '€': 'EUR', $: 'USD', '£': 'GBP' };
  return {
    type: 'invoice',
    document_number: /"Invoice ([A-Z0-9-]+)"/.exec(text)?.[1],
    currency: total ? SIGNS[total[1]] : undefined,
    sender_name: /"([A-Z][^"]*?\b(?:Inc|Ltd|LLC|GmbH)\.?)\s+\d[^"]*"/.exec(text)?.[1],
    gross_amount: total ? printedMoney(total[2]) : undefined,
  };
}

/** A Rust date as LowPolyCat1/invoice-generator's example writes it: `DateTime { year: …, month: …, day: … }` or `"yyyy-mm-dd".to_string()`. */
const rustDate = (text, key) => {
  const m = new RegExp(`\\b${key}:\\s*(?:DateTime\\s*\\{\\s*year:\\s*(\\d{4}),\\s*month:\\s*(\\d{1,2}),\\s*day:\\s*(\\d{1,2})|"(\\d{4}-\\d{2}-\\d{2})")`).exec(text ?? '');
  if (!m) return undefined;
  return m[4] ?? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
};
/** The `name: "…"` of a Rust struct literal `<key>: <Type> { … }`. */
const rustPartyName = (text, key) => new RegExp(`\\b${key}:\\s*\\w+\\s*\\{[^}]*?\\bname:\\s*"([^"]*)"`).exec(text ?? '')?.[1];

/**
 * LowPolyCat1/invoice-generator (a Rust PDF/A invoice library): the `Invoice` its `src/main.rs` example
 * builds and prints as `invoice.pdf` — `number`, `date`, `payment_due`, `seller.name`, `buyer.name`,
 * `products[]` units × cost_per_unit per `tax_rate` (a fraction; tax rounded to cents per rate, as the
 * page's "Tax (7%) / Tax (19%)" lines), and `currency_code` where the example states one (later ones
 * give only a locale: not mapped). The page prints each rate's tax but no tax sum and no base per rate,
 * so tax total and tax rows are not mapped; the seller's "VAT-EX-00000000" and the "DE00 …" account
 * are no VAT id / IBAN. The `invoice.xml` beside it is not used: it states EUR and one tax line where
 * the newest page prints "$" and two.
 */
function rustInvoiceMain(text) {
  const products = [...text.matchAll(/\bunits:\s*(\d+),\s*cost_per_unit:\s*([\d.]+),\s*tax_rate:\s*([\d.]+)/g)].map((m) => ({ net: Math.round(Number(m[1]) * cents(m[2])), rate: Math.round(Number(m[3]) * 10000) / 100 }));
  const t = totalsByRate(products);
  return {
    type: 'invoice',
    document_number: /\bnumber:\s*"([^"]+)"/.exec(text)?.[1],
    issue_date: rustDate(text, 'date'),
    payment_due_date: rustDate(text, 'payment_due'),
    currency: /\bcurrency_code:\s*"([A-Z]{3})"/.exec(text)?.[1],
    sender_name: rustPartyName(text, 'seller'),
    recipient_name: rustPartyName(text, 'buyer'),
    net_amount: money(t.net),
    gross_amount: money(t.gross),
  };
}

/**
 * yash-r-a/invoice-pdf (a MuleSoft HTML-to-PDF flow, Indian GST layout): `sample-input.json` —
 * `InvoiceNo`, `SellerDetails.SellerName`, `BuyerDetails.BuyerName`, `ItemDetails[]` quantity × unit
 * price and `GST %`. The page prints "Subtotal / GST: 12% / Total" (no GST amount, no base row): net
 * and gross are mapped, tax total and tax rows not. The date is the day the flow ran and no currency is
 * stated: not mapped; a GSTIN is no VAT id.
 */
function gstInvoiceJson(text) {
  const d = JSON.parse(text);
  const net = (d.ItemDetails ?? []).reduce((s, x) => s + Math.round(Number(x.Quantity) * cents(x.UnitPrice)), 0);
  const rate = Number(d['GST %'] ?? 0);
  return {
    type: 'invoice',
    document_number: d.InvoiceNo === undefined ? undefined : String(d.InvoiceNo),
    sender_name: d.SellerDetails?.SellerName,
    recipient_name: d.BuyerDetails?.BuyerName,
    net_amount: money(net),
    gross_amount: money(net + Math.round((net * rate) / 100)),
  };
}

/**
 * slashtechno/toggl-invoice-generator's `generate_mock_invoice.py` (the script that printed
 * `example-invoice.pdf`): `invoice_id`, the first lines of `billed_to` and `pay_to` (the payee is the
 * issuer), and per project its `hourly_rate` × the hours of its mock time entries (`for i in range(n)`
 * entries of `duration=int(h * 3600)` seconds), each line rounded to cents as the program does. Its dates
 * are the day it ran and its "$" is the template's: not mapped.
 */
function togglMockInvoicePy(text) {
  const rates = new Map([...text.matchAll(/Project\(\s*project_id=(\d+),\s*name="[^"]*",\s*hourly_rate=([\d.]+)/g)].map((m) => [m[1], Number(m[2])]));
  const seconds = new Map();
  for (const m of text.matchAll(/for i in range\((\d+)\):[\s\S]*?duration=int\(([\d.]+) \* 3600\)[\s\S]*?project_id=(\d+)/g)) seconds.set(m[3], (seconds.get(m[3]) ?? 0) + Number(m[1]) * Math.trunc(Number(m[2]) * 3600));
  const gross = [...seconds].reduce((s, [id, secs]) => s + Math.round((secs / 3600) * (rates.get(id) ?? NaN) * 100), 0);
  const firstLine = (key) => new RegExp(`\\b${key}\\s*=\\s*"([^"\\\\]*)`).exec(text)?.[1]?.trim();
  return {
    type: 'invoice',
    document_number: /\binvoice_id\s*=\s*(\d+)/.exec(text)?.[1],
    sender_name: firstLine('pay_to'),
    recipient_name: firstLine('billed_to'),
    gross_amount: Number.isFinite(gross) && seconds.size ? money(gross) : undefined,
  };
}

/** A Unix time (seconds) as its UTC day, yyyy-mm-dd. */
const unixDay = (v) => (Number.isFinite(Number(v)) && String(v).trim() !== '' ? new Date(Number(v) * 1000).toISOString().slice(0, 10) : undefined);
/** The `"key": "…"` or `"key": number` value of a JSON-like block (a payload quoted in a README). */
const jsonLikeValue = (text, key) => {
  const m = new RegExp(`"${key}"\\s*:\\s*(?:"([^"]*)"|(-?[\\d.]+))`).exec(text ?? '');
  return m ? (m[1] ?? Number(m[2])) : undefined;
};

/**
 * samber/invoice-as-a-service (a Laravel invoice API): the JSON payload of the README's `curl … -d '{…}'`
 * example at the commit of `example.pdf` — `id`, `currency` (a sign), `date` / `due_date` (Unix times,
 * printed as "12 Mar 2018"), `company.summary` (issuer), `customer.summary` (recipient), `items[]`
 * price × quantity with a `tax` percent per item. The page prints "Subtotal / Taxes / TOTAL (including
 * taxes)" and each item's rate, no base per rate: net, tax, gross are mapped, tax rows not.
 */
function invoiceAsAServiceReadme(text) {
  const body = /-d '(\{[\s\S]*?\n\s*\})'/.exec(text)?.[1] ?? /-d '(\{[\s\S]*)/.exec(text)?.[1];
  if (!body) return null;
  const items = /"items"\s*:\s*\[([\s\S]*?)\]/.exec(body)?.[1] ?? '';
  const lines = [...items.matchAll(/"price"\s*:\s*([\d.]+),\s*"quantity"\s*:\s*([\d.]+),\s*"tax"\s*:\s*([\d.]+)/g)].map((m) => ({ net: Math.round(cents(m[1]) * Number(m[2])), rate: Number(m[3]) }));
  const t = totalsByRate(lines);
  const party = (key) => jsonLikeValue(new RegExp(`"${key}"\\s*:\\s*\\{([^}]*)`).exec(body)?.[1], 'summary');
  return {
    type: 'invoice',
    document_number: jsonLikeValue(body, 'id') === undefined ? undefined : String(jsonLikeValue(body, 'id')),
    issue_date: unixDay(jsonLikeValue(body, 'date')),
    payment_due_date: unixDay(jsonLikeValue(body, 'due_date')),
    currency: signCurrency(jsonLikeValue(body, 'currency')),
    sender_name: party('company'),
    recipient_name: party('customer'),
    net_amount: lines.length ? money(t.net) : undefined,
    tax_total: lines.length ? money(t.tax) : undefined,
    gross_amount: lines.length ? money(t.gross) : undefined,
  };
}

/**
 * Lesterpig/invoice (a Go CLI for French freelancers): `example/000001.yml` — `id` (printed zero-padded
 * to six digits, "Facture 000001"), `emitted` (the issue day as written, before its time), `paymentdays`
 * (due = issue + days, printed "Échéance de paiement"), `currency` (a Unicode code point: 8364 = €),
 * `client` (first line = recipient), `services[]` unitcost × quantity (one "Total", VAT not applicable:
 * gross only) — and `example/header.txt`, whose first line is the issuer. `quote: true` would be a quote.
 */
function lesterpigInvoiceYml([text, header]) {
  const d = yaml.load(text);
  if (!d || d.quote) return null;
  const issued = /^(\d{4}-\d{2}-\d{2})/.exec(String(d.emitted instanceof Date ? d.emitted.toISOString() : d.emitted ?? ''))?.[1];
  const gross = (d.services ?? []).reduce((s, x) => s + Math.round(cents(x.unitcost) * Number(x.quantity ?? 1)), 0);
  return {
    type: 'invoice',
    document_number: d.id === undefined ? undefined : String(d.id).padStart(6, '0'),
    issue_date: issued,
    payment_due_date: issued && d.paymentdays !== undefined ? addDays(issued, d.paymentdays) : undefined,
    currency: Number.isInteger(d.currency) ? signCurrency(String.fromCodePoint(d.currency)) : undefined,
    sender_name: String(header ?? '').split('\n').map((l) => l.trim()).find(Boolean),
    recipient_name: String(d.client ?? '').split('\n').map((l) => l.trim()).find(Boolean),
    gross_amount: (d.services ?? []).length ? money(gross) : undefined,
  };
}

/**
 * rimiti/invoice-it (a Node invoice/order generator, pug + PDF): the test that wrote `dist/invoice.pdf`
 * (`test/invoice.js`) — `emitter.name` (issuer), `recipient.company_name` (printed above the contact's
 * name), `article*` price × qt with a `tax` percent (tax per rate rounded to cents). The page prints
 * "Total exc. VAT / Total VAT / Total inc. VAT". Its reference and date are made from the clock, and
 * "Amounts expressed in Euros" is the locale's text, not the test's data: not mapped.
 */
function invoiceItTestJs(text) {
  const block = (name) => new RegExp(`let ${name} = \\{([^}]*)\\}`).exec(text)?.[1];
  const articles = [...text.matchAll(/let article\d+ = \{([^}]*)\}/g)].map((m) => ({ net: Math.round(cents(sourceValue(m[1], 'price')) * Number(sourceValue(m[1], 'qt'))), rate: Number(sourceValue(m[1], 'tax')) }));
  if (!articles.length || articles.some((a) => !Number.isFinite(a.net) || !Number.isFinite(a.rate))) return null;
  const t = totalsByRate(articles);
  return {
    type: 'invoice',
    sender_name: sourceValue(block('emitter'), 'name'),
    recipient_name: sourceValue(block('recipient'), 'company_name'),
    net_amount: money(t.net),
    tax_total: money(t.tax),
    gross_amount: money(t.gross),
  };
}

/**
 * Jumballaya/PDF-puppet (a YAML + template → PDF tool): its demo `invoice.yml` — `data.company` (printed
 * "Invoice for <company>": the recipient) and `data.total` (a sign and an amount: gross and currency).
 * No number, date or issuer.
 */
function pdfPuppetYml(text) {
  const d = yaml.load(text)?.data;
  if (!d) return null;
  return {
    type: 'invoice',
    currency: signCurrency(d.total),
    recipient_name: d.company,
    gross_amount: printedMoney(d.total),
  };
}

/**
 * Escape-Velocity-Consulting/brand (a company's document generator: Markdown in, branded PDF out): the
 * Markdown input of its example invoice, `examples/invoice.md` — the number in the title ("Rechnung Nr.
 * …"), "Nettobetrag", "USt. <rate>%", "Bruttobetrag" in "€ 5.600,–" form (one rate: net, tax, gross and
 * the one tax row). The recipient and the date on the page come from command-line options that are not
 * in the repository, and the issuer is the letterhead's: not mapped; its IBAN is a placeholder.
 */
function brandInvoiceMd(text) {
  const amount = (label) => printedCents(new RegExp(`\\|\\s*\\**${label}\\**\\s*\\|\\s*\\**(€\\s*[\\d.,]+)`).exec(text)?.[1]?.replace(/,$/, ''));
  const rateRow = /\|\s*USt\.\s*(\d+(?:[.,]\d+)?)\s*%\s*\|\s*(€\s*[\d.,]+)/.exec(text);
  const net = amount('Nettobetrag');
  const tax = rateRow ? printedCents(rateRow[2].replace(/,$/, '')) : undefined;
  const gross = amount('Bruttobetrag');
  if (net === undefined || tax === undefined || gross === undefined || net + tax !== gross) return null;
  return {
    type: 'invoice',
    document_number: /^#\s*Rechnung Nr\.\s*(\S+)/m.exec(text)?.[1],
    currency: signCurrency(text.includes('€') ? '€' : ''),
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(gross),
    tax_breakdowns: [{ tax_rate: Number(rateRow[1].replace(',', '.')), taxable_amount: money(net), tax_amount: money(tax) }],
  };
}

/** "26 July 2026" / "18 Jun 2026" -> 2026-07-26. */
const dayMonthNameDate = (v) => {
  const m = /^(\d{1,2}) ([A-Za-z]{3})[a-z]*\.? (\d{4})$/.exec(String(v ?? '').trim());
  const month = m && MONTHS.indexOf(m[2].toLowerCase()) + 1;
  return month ? `${m[3]}-${String(month).padStart(2, '0')}-${m[1].padStart(2, '0')}` : undefined;
};

/**
 * thatsme/tincture (an Elixir PDF library): `examples/invoice.exs`, the script that draws
 * `examples/output/invoice.pdf` — the meta pairs `{"Invoice number", …}`, `{"Invoice date", …}`,
 * `{"Payment due", …}`, the first line under "BILL TO", the item rows (qty × unit, which must add up to
 * the script's `subtotal`), VAT at the rate the script multiplies by (rounded to cents as it does),
 * "Total due (GBP)", the document author (the legal name the footer prints; the letterhead prints it
 * without "Ltd"), the footer's VAT id and IBAN (kept only when of the usual shape / check digits hold).
 * As for round 13's maroto example, the values are the drawing script's own literals and lists.
 */
function tinctureInvoiceExs(text) {
  const meta = (label) => new RegExp(`\\{"${label}",\\s*"([^"]+)"\\}`).exec(text)?.[1];
  const rows = [...text.matchAll(/^\s*\["[^"]+",\s*"(\d+(?:\.\d+)?)",\s*"([\d.]+)",\s*"([\d.]+)"\]/gm)];
  const net = rows.reduce((s, m) => s + Math.round(Number(m[1]) * cents(m[2])), 0);
  const stated = /^subtotal = ([\d.]+)$/m.exec(text)?.[1];
  const rate = /^vat = Float\.round\(subtotal \* ([\d.]+), 2\)$/m.exec(text)?.[1];
  if (!rows.length || stated === undefined || cents(stated) !== net || rate === undefined) return null;
  const percent = Math.round(Number(rate) * 10000) / 100;
  const tax = Math.round((net * percent) / 100);
  const billTo = /"BILL TO"\)[\s\S]*?text_at\([^"]*"([^"]+)"\)/.exec(text)?.[1];
  const footer = [...text.matchAll(/text_at\(margin, \d+, "([^"]+)"\)/g)].map((m) => m[1]).join(' · ');
  return {
    type: /"INVOICE"/.test(text) ? 'invoice' : undefined,
    document_number: meta('Invoice number'),
    issue_date: dayMonthNameDate(meta('Invoice date')),
    payment_due_date: dayMonthNameDate(meta('Payment due')),
    currency: /"Total due \(([A-Z]{3})\)"/.exec(text)?.[1],
    sender_name: /author: "([^"]+)"/.exec(text)?.[1],
    sender_vat_number: vatId(/\bVAT ((?:[A-Z]{2})[\d ]+\d)/.exec(footer)?.[1]),
    recipient_name: billTo,
    iban: checkedIban(/\bIBAN ([A-Z]{2}[\dA-Z ]+[\dA-Z])/.exec(footer)?.[1]),
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(net + tax),
    tax_breakdowns: [{ tax_rate: percent, taxable_amount: money(net), tax_amount: money(tax) }],
  };
}

/**
 * RikoAppDev/compose-pdf (a Kotlin Multiplatform PDF library): the `invoice()` example of
 * `ExampleDocuments.kt` that printed `samples/invoice.pdf` — the first text (the issuer), "Invoice No:",
 * "Issue date:", "Due date:", the first name under "BILL TO", the rows' amounts (`money(<cents>)`, which
 * must add up to the "Subtotal" row) and the "Tax (<rate>%)" and "Total due" rows (checked: subtotal +
 * tax = total). The "$" is the library's money formatter, not the example's data: currency not mapped.
 * As for round 13's maroto example, the values are the drawing code's own literals.
 */
function composePdfInvoiceKt(text) {
  const block = /fun invoice\(\)[\s\S]*?\n {4}\}\n/.exec(text)?.[0];
  if (!block) return null;
  const rows = [...block.matchAll(/^\s*row\("[^"]*(?:\\"[^"]*)*",\s*"(\d+)",\s*money\((\d+)\),\s*money\((\d+)\)\)/gm)];
  const total = (label) => new RegExp(`totalRow\\(listOf\\("", "", "${label}", money\\((\\d+)\\)\\)`).exec(block);
  const sub = total('Subtotal');
  const taxRow = /totalRow\(listOf\("", "", "Tax \(([\d.]+)%\)", money\((\d+)\)\)/.exec(block);
  const due = total('Total due');
  if (!rows.length || !sub || !taxRow || !due) return null;
  const net = Number(sub[1]);
  const tax = Number(taxRow[2]);
  if (rows.reduce((s, m) => s + Number(m[3]), 0) !== net || net + tax !== Number(due[1])) return null;
  const texts = [...block.matchAll(/text\("([^"]+)"/g)].map((m) => m[1]);
  const after = (label) => texts[texts.indexOf(label) + 1];
  const labelled = (label) => texts.find((t) => t.startsWith(label))?.slice(label.length).trim();
  return {
    type: texts.includes('INVOICE') ? 'invoice' : undefined,
    document_number: labelled('Invoice No:'),
    issue_date: dayMonthNameDate(labelled('Issue date:')),
    payment_due_date: dayMonthNameDate(labelled('Due date:')),
    sender_name: texts[0],
    recipient_name: texts.includes('BILL TO') ? after('BILL TO') : undefined,
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(net + tax),
    tax_breakdowns: [{ tax_rate: Number(taxRow[1]), taxable_amount: money(net), tax_amount: money(tax) }],
  };
}

/**
 * amit9838/invoice_generator (a ReportLab script, Indian shop invoice): `pdf.py` at the PDF's commit —
 * the sample data lists (`unit_price`, `qty`, `tax` fractions per item, `discount`, `service_charge`)
 * and the strings it draws ("The New Square" letterhead, "Billed To:" then the customer, "Invoice :
 * #<n>", "Issued on : Jan 1, 2020"). Total = sub-total + Σ price × qty × tax + service charge −
 * discount, as the script computes and prints it ("Tax : + 1738.8", "Total : 12498.8"); its "Sub Total"
 * is before the service charge and discount, so no net is mapped. No currency is stated.
 */
function amitInvoicePy(text) {
  const list = (name) => new RegExp(`^${name}\\s*=\\s*\\[([^\\]]*)\\]`, 'm').exec(text)?.[1]?.split(',').map((v) => Number(v.trim()));
  const prices = list('unit_price');
  const qty = list('qty');
  const rates = list('tax');
  const scalar = (name) => Number(new RegExp(`^${name}\\s*=\\s*([\\d.]+)`, 'm').exec(text)?.[1] ?? 0);
  if (!prices || !qty || !rates || prices.length !== qty.length || qty.length !== rates.length) return null;
  const lines = prices.map((p, i) => Math.round(p * 100) * qty[i]);
  const sub = lines.reduce((s, v) => s + v, 0);
  const tax = Math.round(lines.reduce((s, v, i) => s + v * rates[i], 0));
  const drawn = [...text.matchAll(/^pdf\.draw(?:Right)?String\([^"]*"([^"]*)"\)/gm)].map((m) => m[1]);
  const after = (label) => drawn[drawn.indexOf(label) + 1];
  const labelled = (re) => drawn.map((d) => re.exec(d)?.[1]).find(Boolean);
  return {
    type: drawn.includes('INVOICE') ? 'invoice' : undefined,
    document_number: labelled(/^Invoice : #(\S+)$/),
    issue_date: monthNameDate(labelled(/^Issued on : (.+)$/)),
    sender_name: drawn[drawn.indexOf('INVOICE') + 1],
    recipient_name: drawn.includes('Billed To:') ? after('Billed To:') : undefined,
    tax_total: money(tax),
    gross_amount: money(sub + tax + Math.round(scalar('service_charge') * 100) - Math.round(scalar('discount') * 100)),
  };
}

/**
 * re-port-flow/reportflow-examples (a hosted report service's API examples): the `input.json` each
 * example posts to its template, beside the `output.pdf` the service returned. The English invoice
 * (`InvoiceNumber`, `IssueDate`, `BillToName`, `SubTotal`, `Tax`, `Amount`) and the Japanese one
 * (請求書番号 number, 発行日 issue date, お支払期限 due date, 請求先名 recipient, 小計 / 消費税 / 合計金額
 * net / tax / gross, 税率 the one rate: one tax row). Kept only when net + tax = gross. The issuer,
 * the currency sign and the registration number are the template's, not the data's: not mapped.
 */
function reportflowInputJson(text) {
  const d = JSON.parse(text);
  const day = (v) => /^(\d{4}-\d{2}-\d{2})/.exec(String(v ?? ''))?.[1];
  const ja = d['請求書番号'] !== undefined;
  const net = ja ? d['小計'] : d.SubTotal;
  const tax = ja ? d['消費税'] : d.Tax;
  const gross = ja ? d['合計金額'] : d.Amount;
  if (![net, tax, gross].every((v) => Number.isFinite(Number(v))) || cents(net) + cents(tax) !== cents(gross)) return null;
  const rate = ja ? percent(d['税率']) : undefined;
  return {
    type: 'invoice',
    document_number: ja ? d['請求書番号'] : d.InvoiceNumber,
    issue_date: day(ja ? d['発行日'] : d.IssueDate),
    payment_due_date: ja ? day(d['お支払期限']) : undefined,
    recipient_name: ja ? d['請求先名'] : d.BillToName,
    net_amount: money(cents(net)),
    tax_total: money(cents(tax)),
    gross_amount: money(cents(gross)),
    tax_breakdowns: Number.isFinite(rate) ? [{ tax_rate: rate, taxable_amount: money(cents(net)), tax_amount: money(cents(tax)) }] : undefined,
  };
}

/**
 * gompdf/gompdf (a Go HTML/CSS-to-PDF engine): `examples/invoice/main.go`, whose `sampleData()` fills the
 * invoice template — `InvoiceNo`, `BillToName`, the `items` (qty × unit price), `rate` (tax = subtotal ×
 * rate, printed to cents), total. Its dates are `time.Now()` and the template names no issuer or currency:
 * not mapped.
 */
function gompdfInvoiceGo(text) {
  const items = /items := \[\]LineItem\{([\s\S]*?)\n\t\}/.exec(text)?.[1] ?? '';
  const net = [...items.matchAll(/\{"[^"]*",\s*(\d+),\s*([\d.]+)\}/g)].reduce((s, m) => s + Number(m[1]) * cents(m[2]), 0);
  const rate = Number(/\brate := ([\d.]+)/.exec(text)?.[1]);
  if (!net || !Number.isFinite(rate)) return null;
  const percentRate = Math.round(rate * 10000) / 100;
  return {
    type: 'invoice',
    document_number: /InvoiceNo:\s*"([^"]+)"/.exec(text)?.[1],
    recipient_name: /BillToName:\s*"([^"]+)"/.exec(text)?.[1],
    ...oneRateTotals(net, percentRate),
  };
}

/**
 * Round 15. A Czech ISDOC 6 invoice XML (the data an ISDOC.PDF carries; here the file committed beside the
 * PDF that embeds it): `DocumentType` 1 (faktura – daňový doklad; others are credit notes, advances …, no type),
 * `ID`, `IssueDate`, the first `PaymentDueDate`, `ForeignCurrencyCode` else `LocalCurrencyCode`, the supplier's and
 * customer's `PartyName/Name`, the supplier's `PartyTaxScheme/CompanyID` (a DIČ of the VAT id shape), `IBAN`
 * (checked), the `TaxSubTotal` rows and `LegalMonetaryTotal` net / gross. An XML whose rows do not add up to its
 * totals gives no truth.
 */
function isdocXml(text) {
  const xml = String(text).replace(/^\uFEFF/, '');
  if (!/<Invoice\b[^>]*isdoc\.cz\/namespace/.test(xml)) return null;
  const party = (role) => new RegExp(`<${role}>[\\s\\S]*?</${role}>`).exec(xml)?.[0] ?? '';
  const rows = [...xml.matchAll(/<TaxSubTotal>([\s\S]*?)<\/TaxSubTotal>/g)].map((m) => ({ tax_rate: Number(xmlText(m[1], 'Percent')), taxable_amount: cents(xmlText(m[1], 'TaxableAmount')), tax_amount: cents(xmlText(m[1], 'TaxAmount')) }));
  const t = totalsOf(rows);
  const net = cents(xmlText(xml, 'TaxExclusiveAmount', 'LegalMonetaryTotal'));
  const gross = cents(xmlText(xml, 'TaxInclusiveAmount', 'LegalMonetaryTotal'));
  const taxTotal = cents(/<\/TaxSubTotal>\s*<TaxAmount>([^<]*)<\/TaxAmount>\s*<\/TaxTotal>/.exec(xml)?.[1]);
  if (!rows.length || t.net !== net || t.tax !== taxTotal || net + taxTotal !== gross) return null;
  const supplier = party('AccountingSupplierParty');
  return {
    type: xmlText(xml, 'DocumentType') === '1' ? 'invoice' : undefined,
    document_number: xmlText(xml, 'ID'),
    issue_date: isoDate(xmlText(xml, 'IssueDate')),
    payment_due_date: isoDate(xmlText(xml, 'PaymentDueDate')),
    currency: xmlText(xml, 'ForeignCurrencyCode') || xmlText(xml, 'LocalCurrencyCode'),
    sender_name: xmlText(supplier, 'Name', 'PartyName'),
    sender_vat_number: vatId(xmlText(supplier, 'CompanyID', 'PartyTaxScheme')),
    recipient_name: xmlText(party('AccountingCustomerParty'), 'Name', 'PartyName'),
    iban: checkedIban(xmlText(xml, 'IBAN')),
    net_amount: money(net),
    tax_total: money(taxTotal),
    gross_amount: money(gross),
    tax_breakdowns: moneyRows(rows),
  };
}

/**
 * Round 15. ReportBro's (a report engine's) demo invoice: the report definition's `parameters`, whose
 * `testData` the test renders — `InvoiceDetails` (number, date), `Recipient.Company`, `CompanyDetails` (name,
 * `UID`, `IBAN`) and the `Invoice` rows (`Amount` = quantity × unit price, `VAT` percent). The template sums the
 * rows and their VAT per rate; the "€" is the template's number pattern, not data: no currency.
 */
function reportbroDefinitionJson(text) {
  const d = JSON.parse(text);
  const param = (name) => {
    const p = (d.parameters ?? []).find((x) => x.name === name);
    try {
      return p?.testData ? JSON.parse(p.testData) : undefined;
    } catch {
      return undefined;
    }
  };
  const details = param('InvoiceDetails') ?? {};
  const company = param('CompanyDetails') ?? {};
  const lines = (param('Invoice') ?? []).map((r) => ({ net: cents(r.Amount), rate: Number(r.VAT) }));
  if (!lines.length || lines.some((l) => !Number.isFinite(l.net) || !Number.isFinite(l.rate))) return null;
  const t = totalsByRate(lines);
  return {
    type: 'invoice',
    document_number: details.InvoiceNumber,
    issue_date: isoDate(details.InvoiceDate),
    sender_name: company.Name,
    sender_vat_number: vatId(company.UID),
    recipient_name: param('Recipient')?.Company,
    iban: checkedIban(company.IBAN),
    net_amount: money(t.net),
    tax_total: money(t.tax),
    gross_amount: money(t.gross),
    tax_breakdowns: moneyRows(t.rows),
  };
}

/**
 * Round 15. A pdfme (labelmake) template with its inputs — `sampledata[0]` in older templates, each schema's
 * `content` in newer ones: a Japanese 請求書 (invoice) with 請求No, 請求日 / 支払い期限 ("yyyy/mm/dd"), the
 * billed (請求先) and billing (請求元) company, 小計 / 消費税 / 合計 as "￥12000". The yen sign is in the data
 * (JPY). No rate is printed: no tax rows. Totals that do not add up give no truth.
 */
function pdfmeTemplateJson(text) {
  const d = JSON.parse(text);
  const input = d.sampledata?.[0] ?? Object.fromEntries((d.schemas ?? []).flatMap((page) => (Array.isArray(page) ? page.map((s) => [s.name, s.content]) : Object.entries(page).map(([k, s]) => [k, s.content]))));
  const yen = (v) => (/^[￥¥]\s*[\d,]+$/.test(String(v ?? '').trim()) ? cents(String(v).replace(/[^\d]/g, '')) : undefined);
  const slash = (v) => /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(String(v ?? '').trim())?.slice(1).join('-');
  const [net, tax, gross] = [yen(input['小計']), yen(input['消費税']), yen(input['合計'])];
  if ([net, tax, gross].some((v) => v === undefined) || net + tax !== gross) return null;
  return {
    type: 'invoice',
    document_number: input['請求No'],
    issue_date: slash(input['請求日']),
    payment_due_date: slash(input['支払い期限']),
    currency: 'JPY',
    sender_name: input['[請求元]会社名'],
    recipient_name: input['[請求先]会社名'],
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(gross),
  };
}

/**
 * Round 15. ella-to/sahar's (a Go layout engine's) `examples/invoice/main.go`, read as round 14 read tincture:
 * the drawing code's own literals — the "Date:" / "Due Date:" texts ("November 28,
 * 2025"), `invoiceNumber := "…"`, the first text of the header (issuer) and of "Bill To:", the `InvoiceItem{…}` list (quantity × unit
 * price) and `taxRate` (tax = subtotal × rate, printed to cents). The "$" is the example's format string: no
 * currency.
 */
function saharInvoiceGo(text) {
  const items = [...String(text).matchAll(/\{\s*Name:\s*"[^"]*",\s*Description:\s*"[^"]*",\s*Quantity:\s*(\d+),\s*UnitPrice:\s*([\d.]+),?\s*\}/g)];
  const rate = Number(/\btaxRate := ([\d.]+)/.exec(text)?.[1]);
  if (!items.length || !Number.isFinite(rate)) return null;
  const net = items.reduce((s, m) => s + Number(m[1]) * cents(m[2]), 0);
  const percentRate = Math.round(rate * 10000) / 100;
  const firstText = (after) => new RegExp(`${after}[\\s\\S]*?sahar\\.Text\\(\\s*"([^"]+)"`).exec(text)?.[1];
  return {
    type: 'invoice',
    document_number: /\binvoiceNumber := "([^"]+)"/.exec(text)?.[1],
    issue_date: monthNameDate(/"Date: ([^"]+)"/.exec(text)?.[1]),
    payment_due_date: monthNameDate(/"Due Date: ([^"]+)"/.exec(text)?.[1]),
    sender_name: firstText('func Header\\('),
    recipient_name: firstText('"Bill To:"'),
    ...oneRateTotals(net, percentRate),
  };
}

/**
 * Round 15. A Docmosis (document engine) cloud demo's `test-data/data.js`, the data its DOCX invoice template was
 * rendered from: `invoiceNo`, `invoiceDate` ("07 Apr 2023"), `terms` (days: the template prints "Payment Due By"
 * the date that many days later), `customerCompany`, the `items` with their line `amt` (the "Total:" is their
 * sum). The issuer, the "$" and the layout are the template's: not mapped. No tax.
 */
function docmosisDemoDataJs(text) {
  const value = (key) => new RegExp(`\\b${key}:\\s*"([^"]*)"`).exec(text)?.[1];
  const amounts = [...String(text).matchAll(/\bamt:\s*"([\d.]+)"/g)].map((m) => cents(m[1]));
  const issued = dayMonthNameDate(value('invoiceDate'));
  const terms = Number(value('terms'));
  if (!amounts.length || !issued) return null;
  return {
    type: 'invoice',
    document_number: value('invoiceNo'),
    issue_date: issued,
    payment_due_date: Number.isInteger(terms) ? addDays(issued, terms) : undefined,
    recipient_name: value('customerCompany'),
    gross_amount: money(amounts.reduce((a, b) => a + b, 0)),
  };
}

/**
 * Round 16. PyInvoice (a Python ReportLab invoice library): the README's usage example, which printed the demo
 * page `dist/simple.pdf` (made 9 minutes after that README, on an orphan demo commit). `InvoiceInfo(<number>, …)`,
 * the service provider's `name`, the items `Item(name, desc, units, 'unit price')` and `set_item_tax_rate(<rate>)`:
 * net is the sum of units × price, tax the net at the rate rounded to cents, gross their sum. The dates are
 * `datetime.now()` (the page shows the run time), the client is an e-mail only, the VAT number a placeholder
 * text: not mapped.
 */
function pyinvoiceReadme(text) {
  const number = /InvoiceInfo\((\d+)\s*,/.exec(text)?.[1];
  const sender = /ServiceProviderInfo\(\s*name='([^']+)'/.exec(text)?.[1];
  const items = [...String(text).matchAll(/add_item\(Item\('[^']*',\s*'[^']*',\s*(\d+),\s*'([\d.]+)'\)\)/g)];
  const rate = Number(/set_item_tax_rate\(([\d.]+)\)/.exec(text)?.[1]);
  if (!number || !items.length || !Number.isFinite(rate)) return null;
  const net = items.reduce((s, m) => s + Number(m[1]) * cents(m[2]), 0);
  const tax = Math.round((net * rate) / 100);
  return {
    type: 'invoice',
    document_number: number,
    sender_name: sender,
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(net + tax),
    tax_breakdowns: [{ tax_rate: rate, taxable_amount: money(net), tax_amount: money(tax) }],
  };
}

/**
 * Round 16. invoice-pdfkit (a Node PDFKit trade-document library): the minimal example in `test/run.ts` (kept there
 * as a comment) that printed `test/simple.pdf` — `tradePDF.init({ company, currency })` then
 * `tradePDF.invoice({ id, date: { created, due } (ms since 1970), bill: { company }, items: [{ tax, qty, price }],
 * total: { discount, stateTax, fedTax, ship } })`. The gross is the program's chain: each line is qty × price with
 * its own VAT added, their sum less the discount (%) plus shipping, then state and federal tax (%) on that sum,
 * rounded to cents at the end ("Order Total"). Net, tax and rows are not stated as such: not mapped; "Order #" is
 * an order reference and the issuer the placeholder "Your Company Name": not mapped.
 */
function invoicePdfkitRunTs(text) {
  const start = String(text).indexOf('tradePDF.invoice({');
  if (start < 0) return null;
  const call = String(text).slice(start);
  const end = call.indexOf('writeFileSync');
  const body = end > 0 ? call.slice(0, end) : call;
  const num = (key, src = body) => Number(new RegExp(`\\b${key}:\\s*"?([\\d.]+)"?`).exec(src)?.[1]);
  const day = (ms) => (Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : undefined);
  const items = [...body.matchAll(/\{[^{}]*\btax:\s*"([\d.]+)"[^{}]*\bqty:\s*"([\d.]+)"[^{}]*\bprice:\s*"([\d.]+)"[^{}]*\}/g)];
  const totalBlock = /\btotal:\s*\{([^}]*)\}/.exec(body)?.[1];
  if (!items.length || !totalBlock) return null;
  const subtotal = items.reduce((s, m) => s + Number(m[2]) * Number(m[3]) * (1 + Number(m[1]) / 100), 0);
  const pct = (key) => (Number.isFinite(num(key, totalBlock)) ? num(key, totalBlock) : 0);
  const base = subtotal * (1 - pct('discount') / 100) + pct('ship');
  const gross = base * (1 + pct('stateTax') / 100 + pct('fedTax') / 100);
  const initCall = String(text).slice(0, start);
  const currency = [...initCall.matchAll(/\bcurrency:\s*"([A-Z]{3})"/g)].pop()?.[1];
  return {
    type: 'invoice',
    issue_date: day(num('created')),
    payment_due_date: day(num('due')),
    currency,
    recipient_name: /\bbill:\s*\{[^}]*\bcompany:\s*"([^"]+)"/.exec(body)?.[1],
    gross_amount: money(Math.round(gross * 100)),
  };
}

/**
 * Round 16. Simple Invoice Generator (a Python Markdown→PDF tool for GST invoices): a batch run from
 * `samples/sample_batch.csv` (one recipient per row with a name, continuation rows without one; `qty` "-" is one
 * unit) and the run's own report (`Report_*.txt`: time, file name and recipient of every invoice it wrote). The
 * invoice of `path` is the report's row with that file name: its number is the file name's digits (printed
 * "Invoice Number"), its date the row's date, its recipient the row's name; the gross is the sum of that
 * recipient's rows, qty × unit price. The issuer and bank details come from a `config.py` that the committed one
 * contradicts (other name, account and ABN): not mapped; the "$" is the program's: not mapped.
 */
function simpleInvoiceBatch([csv, report], path) {
  const file = String(path).split('/').pop();
  const row = String(report).split('\n').find((l) => l.includes(file));
  const m = row && /^\S+\s+(\d{2})-(\d{2})-(\d{4})\s+(\S+\.pdf)\s+(.+?)\s*$/.exec(row);
  if (!m || m[4] !== file) return null;
  const name = m[5];
  const lines = String(csv).trim().split('\n').slice(1).map((l) => [...l.matchAll(/("([^"]*)"|[^,]*)(,|$)/g)].slice(0, 6).map((c) => c[2] ?? c[1]));
  let current;
  let total = 0;
  let found = false;
  for (const cells of lines) {
    if (cells[0]) current = cells[0];
    if (current !== name) continue;
    found = true;
    const qty = cells[4] === '-' ? 1 : Number(cells[4]);
    total += qty * cents(cells[5]);
  }
  if (!found) return null;
  return {
    type: 'invoice',
    document_number: /(\d+)\.pdf$/.exec(file)?.[1],
    issue_date: `${m[3]}-${m[2]}-${m[1]}`,
    recipient_name: name,
    gross_amount: money(total),
  };
}

/**
 * Round 17. BrazilFiscalReport (a Python library that prints Brazilian fiscal documents): a DANFE its test suite
 * printed from an NF-e XML fixture (`tests/fixtures/danfe/<name>.xml`, Odoo Brasil demo data). Mapped: the number
 * as the DANFE prints it (`nNF` zero-padded to nine digits in groups of three, "000.000.002"), the issue date
 * (`dhEmi`), the issuer (`emit/xNome`), the recipient (`dest/xNome`) except in the homologation environment
 * (`tpAmb` 2, where that field carries the legal notice "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO…"), and the gross
 * (`vNF`, "VALOR TOTAL DA NOTA"). Only an outgoing normal NF-e (`tpNF` 1, `finNFe` 1) is an invoice. Not mapped:
 * net and tax (ICMS is included in the product values, so "VALOR TOTAL DOS PRODUTOS" is no net amount), the CNPJ
 * (no VAT id), the currency (not printed), the instalments' due dates (several).
 */
function nfeDanfeXml(text, _path, printNumber = (n) => n.padStart(9, '0').replace(/^(\d{3})(\d{3})(\d{3})$/, '$1.$2.$3')) {
  const xml = String(text);
  const number = xmlText(xml, 'nNF', 'ide');
  const issued = /^(\d{4}-\d{2}-\d{2})(T|$)/.exec(xmlText(xml, 'dhEmi', 'ide') ?? xmlText(xml, 'dEmi', 'ide') ?? '')?.[1];
  const gross = xmlText(xml, 'vNF', 'ICMSTot');
  if (!/^\d{1,9}$/.test(number ?? '') || !issued || !/^\d+\.\d{2}$/.test(gross ?? '')) return null;
  const homologation = xmlText(xml, 'tpAmb', 'ide') === '2';
  return {
    type: xmlText(xml, 'tpNF', 'ide') === '1' && xmlText(xml, 'finNFe', 'ide') === '1' ? 'invoice' : undefined,
    document_number: printNumber(number),
    issue_date: issued,
    sender_name: xmlText(xml, 'xNome', 'emit'),
    recipient_name: homologation ? undefined : xmlText(xml, 'xNome', 'dest'),
    gross_amount: money(cents(gross)),
  };
}

/**
 * Round 17. br_danfe (a Ruby Prawn library printing Brazilian DANFEs): the same NF-e fields as BrazilFiscalReport's
 * (`nfeDanfeXml`), but this program prints the number as `nNF` stands ("N°. 1"), so it is mapped unpadded.
 */
const brDanfeNfeXml = (text, path) => nfeDanfeXml(text, path, (n) => n);

/**
 * Round 17. NFEDanfe (a .NET PDFsharp library printing DANFEs): its sample NF-e ("EMPRESA EXEMPLO LTDA" to "CLIENTE
 * EXEMPLO LTDA") and the page it printed; the same NF-e fields as `nfeDanfeXml`, the number printed with dots between
 * thousands ("Nº 1.450").
 */
const nfedanfeNfeXml = (text, path) => nfeDanfeXml(text, path, (n) => n.replace(/\B(?=(\d{3})+$)/g, '.'));

/**
 * Round 17. Dzishy/PDF-invoice (a Python fpdf2 invoice script): `input/input-data.json`, the data its run printed to
 * `output/nr1-21.08.2024.pdf`. `seller.invoiceNumber` is "nr 1/21.08.2024": the program prints it whole under
 * "INVOICE"; the leading "nr" (Polish "numer") is the label, so the number is what follows it. Dates
 * `dates.issue` / `dates.due` (the due date precedes the issue date, as the data says), `seller.name`,
 * `buyer.name`, `seller.currency` (a sign), the products' `amount` summed (the "Subtotal"), the tax at
 * `seller.taxRate` %. The VAT codes ("0000000000") and the account ("XL10 …", no valid IBAN) are placeholders:
 * not mapped.
 */
function dzishyInputJson(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const products = Object.values(data?.products ?? {});
  const rate = Number(data?.seller?.taxRate);
  if (!products.length || !Number.isFinite(rate) || products.some((p) => cents(p.amount) !== Math.round(Number(p.quantity) * cents(p.unitPrice)))) return null;
  const net = products.reduce((s, p) => s + cents(p.amount), 0);
  const tax = Math.round((net * rate) / 100);
  return {
    type: 'invoice',
    document_number: String(data.seller.invoiceNumber ?? '').replace(/^\s*nr\.?\s+/i, '').trim(),
    issue_date: isoDate(data.dates?.issue),
    payment_due_date: isoDate(data.dates?.due),
    currency: signCurrency(data.seller.currency),
    sender_name: data.seller.name,
    recipient_name: data.buyer?.name,
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(net + tax),
    tax_breakdowns: [{ tax_rate: rate, taxable_amount: money(net), tax_amount: money(tax) }],
  };
}

/**
 * Round 17. A solution of the Gophercises PDF exercise (Go, gofpdf; Bouramas/pdf-drawer): `pkg/invoice/invoice.go`
 * draws `output/invoice.pdf` from its own literals — `summaryBlock(…, "Invoice Number", "<n>")`, `"Date of Issue",
 * "mm/dd/yyyy"`, `SampleLineItems()` (`PricePerUnit` in cents × `UnitsPurchased`) and `taxRate`; the tax is the
 * subtotal × rate truncated to a cent (`int(...)`), the total their sum. The rate is not printed ("Tax"): no rate
 * row. The recipient ("Client Name") and the "$" are the exercise's placeholders and format: not mapped; the
 * issuer has no name on the page.
 */
function gophercisesInvoiceGo(text) {
  const src = String(text);
  const items = [...src.matchAll(/PricePerUnit:\s*(\d+),\s*UnitsPurchased:\s*(\d+)/g)];
  const rate = Number(/\btaxRate\s*=\s*([\d.]+)/.exec(src)?.[1]);
  const date = /"Date of Issue",\s*"(\d{2})\/(\d{2})\/(\d{4})"/.exec(src);
  if (!items.length || !Number.isFinite(rate) || !date) return null;
  const net = items.reduce((s, m) => s + Number(m[1]) * Number(m[2]), 0);
  const tax = Math.trunc(net * rate);
  return {
    type: 'invoice',
    document_number: /"Invoice Number",\s*"([^"]+)"/.exec(src)?.[1],
    issue_date: `${date[3]}-${date[1]}-${date[2]}`,
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(net + tax),
  };
}

/**
 * Round 17. karkki-hub/pdfgen_poc (a Go proof of concept comparing PDF libraries): the invoice its maroto renderer
 * drew (`output/invoice-maroto.pdf`) from the `mapdf.InvoiceData{…}` literal in `main.go` — `Number` (printed
 * "#<n>"), `Date: time.Date(y, m, d, …)`, `Provider.Name`, `Client.Name`, the items `{name, unit price, qty}` and
 * `TaxRate`; the program's arithmetic is subtotal × rate (printed "Tax (6%)", to cents) and their sum. The "$" is
 * the program's format: not mapped. The same data's chromedp and pdfcpu pages are other renderers of one invoice:
 * not taken.
 */
function pdfgenPocMainGo(text) {
  const start = String(text).indexOf('mapdf.InvoiceData{');
  if (start < 0) return null;
  const block = String(text).slice(start, String(text).indexOf('mapdf.GenerateInvoice(', start));
  const items = [...block.matchAll(/\{\s*"[^"]*",\s*([\d.]+),\s*(\d+)\s*\}/g)];
  const rate = Number(/\bTaxRate:\s*([\d.]+)/.exec(block)?.[1]);
  const date = /\bDate:\s*time\.Date\((\d{4}),\s*(\d{1,2}),\s*(\d{1,2}),/.exec(block);
  if (!items.length || !Number.isFinite(rate) || !date) return null;
  const net = items.reduce((s, m) => s + cents(m[1]) * Number(m[2]), 0);
  const percentRate = Math.round(rate * 10000) / 100;
  const party = (key) => new RegExp(`\\b${key}:\\s*mapdf\\.PartyInfo\\{[^}]*?\\bName:\\s*"([^"]+)"`).exec(block)?.[1];
  return {
    type: 'invoice',
    document_number: /\bNumber:\s*"([^"]+)"/.exec(block)?.[1],
    issue_date: `${date[1]}-${date[2].padStart(2, '0')}-${date[3].padStart(2, '0')}`,
    sender_name: party('Provider'),
    recipient_name: party('Client'),
    ...oneRateTotals(net, percentRate),
  };
}

/**
 * Round 17. maietta/yaml2pdf (a Go command that fills an HTML template with a YAML file and prints it with Chromium):
 * `data/inv-001.yaml` and its `pdfs/inv-001.pdf` — `Number`, `Date`, `Customer`, the items' `Subtotal`, `Total`
 * (printed "Total", the sum before tax), `Tax` and `GrandTotal`. The data states the totals: they are taken only
 * when the items add up to `Total` and `Total` + `Tax` to `GrandTotal`. No issuer, no currency, no rate.
 */
function yaml2pdfInvoiceYaml(text) {
  let data;
  try {
    data = yaml.load(text);
  } catch {
    return null;
  }
  const items = Array.isArray(data?.Items) ? data.Items : [];
  const net = cents(data?.Total);
  const tax = cents(data?.Tax);
  const gross = cents(data?.GrandTotal);
  if (!items.length || ![net, tax, gross].every(Number.isFinite)) return null;
  if (items.reduce((s, i) => s + cents(i.Subtotal), 0) !== net || net + tax !== gross) return null;
  const issued = data.Date instanceof Date ? data.Date.toISOString().slice(0, 10) : isoDate(data.Date);
  return {
    type: 'invoice',
    document_number: data.Number === undefined ? undefined : String(data.Number),
    issue_date: issued,
    recipient_name: data.Customer,
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(gross),
  };
}

/**
 * Round 18. NewLunarFire/super-facture (Java: JAXB XML of a `Facture`, drawn by Apache FOP through an XSL, Québec
 * French): `Main.java`'s `creerFacture()` literals — `new InfoEntreprise("<name>", …)`, the `new ItemFacture("…",
 * qty, price)` rows and `new Facture(<id>, …)` — and `Facture.java`'s arithmetic: "Sous-total" is the sum of the rows'
 * unit prices (`getPrix`; the quantity is not multiplied in), "TPS/TVQ" that sum × (TAUX_TPS + TAUX_TVQ), "Grand
 * total" their sum, printed to two decimals. The number is printed with five digits ("Facture #00042"). Not mapped:
 * the date (`new Date()`, the run's day), the "$" (the XSL's literal), a recipient (the XSL prints the company name
 * again in its place) and the rate (two rates, printed as one "TPS/TVQ" line without a percentage).
 */
function superFactureMainJava([main, facture]) {
  const block = /creerFacture\(\)\s*\{([\s\S]*?)\n\s*\}/.exec(String(main ?? ''))?.[1] ?? '';
  const issuer = /new InfoEntreprise\(\s*"([^"]+)"/.exec(block)?.[1];
  const rows = [...block.matchAll(/new ItemFacture\(\s*"[^"]*",\s*(\d+),\s*([\d.]+)\s*\)/g)];
  const id = /new Facture\(\s*(\d+)\s*,/.exec(block)?.[1];
  const rate = (name) => Number(new RegExp(`\\b${name}\\s*=\\s*([\\d.]+)`).exec(String(facture ?? ''))?.[1]);
  const rates = rate('TAUX_TPS') + rate('TAUX_TVQ');
  // The program sums the prices (`mapToDouble(ItemFacture::getPrix).sum()`): checked, so that a change of that code returns no truth.
  if (!rows.length || !id || !Number.isFinite(rates) || !/mapToDouble\(ItemFacture::getPrix\)\.sum\(\)/.test(String(facture))) return null;
  const net = rows.reduce((s, m) => s + Number(m[2]), 0);
  const tax = net * rates;
  return {
    type: 'invoice',
    document_number: id.padStart(5, '0'),
    sender_name: issuer,
    net_amount: money(cents(net)),
    tax_total: money(cents(tax)),
    gross_amount: money(cents(net + tax)),
  };
}

/** The argument of a one-argument LaTeX command `\name{…}` (no nested braces), "\&" read as "&". */
const texArg = (text, name) => new RegExp(`\\\\${name}\\s*\\{([^{}]*)\\}`).exec(text ?? '')?.[1]?.replace(/\\&/g, '&').trim();
/** The argument lists of every `\name{…}{…}…` with `count` arguments (no nested braces). */
const texCalls = (text, name, count) => [...String(text ?? '').matchAll(new RegExp(`\\\\${name}${'\\s*\\{([^{}]*)\\}'.repeat(count)}`, 'g'))].map((m) => m.slice(1));

/**
 * Round 18. chgrl/LaTeX-Rechnung (a German LaTeX invoice package, `style/rechnung.sty`, fp arithmetic):
 * `rechnung.tex` at the commit of its `rechnung.pdf` — `\firmenname`, `\kundenname`, `\rechnungsdatum`,
 * `\rechnungsnummer`, `\umsatzsteuer` (percent) and the rows the package adds up: `\leistung{…}{when}{hours}{rate}`
 * (hours × rate), `\artikel{…}{count}{price}` (count × price), `\reise{…}{trips}{km}{rate}` (trips × km × rate),
 * `\nacht{…}{when}{amount}`, `\sonstiges{…}{amount}`, each rounded to the cent as the package does; "Summe Netto",
 * "Umsatzsteuer 19%" (net × rate) and "Summe Brutto". Not mapped: the "IX…" VAT id (no country), the currency (the
 * package's \euro sign, not stated by the data), the invoice's 0 % branch (not this commit's page).
 */
function latexRechnungChgrlTex(text) {
  const t = String(text ?? '');
  const rate = Number(texArg(t, 'umsatzsteuer'));
  const n = (v) => Number(String(v).trim());
  const lines = [
    ...texCalls(t, 'leistung', 4).map((a) => cents(n(a[2]) * n(a[3]))),
    ...texCalls(t, 'artikel', 3).map((a) => cents(n(a[1]) * n(a[2]))),
    ...texCalls(t, 'reise', 4).map((a) => cents(n(a[1]) * n(a[2]) * n(a[3]))),
    ...texCalls(t, 'nacht', 3).map((a) => cents(n(a[2]))),
    ...texCalls(t, 'sonstiges', 2).map((a) => cents(n(a[1]))),
  ];
  if (!lines.length || !lines.every(Number.isFinite) || !Number.isFinite(rate) || rate <= 0) return null;
  const net = lines.reduce((s, c) => s + c, 0);
  return {
    type: 'invoice',
    document_number: texArg(t, 'rechnungsnummer'),
    issue_date: isoDate(texArg(t, 'rechnungsdatum')),
    sender_name: texArg(t, 'firmenname'),
    recipient_name: texArg(t, 'kundenname'),
    ...oneRateTotals(net, rate),
  };
}

/**
 * Round 18. diorcety/typst-business-templates (Typst templates filled from JSON by a Rust CLI, German): an example
 * business's `documents/invoices/2025/invoice.json` and `data/company.json` — `metadata.invoice_number`,
 * `invoice_date` / `due_date`, the issuer's `name`, the recipient's `company` (printed under the contact person), the
 * currency and the stated totals (`subtotal`, `vat_total`, `total`, `vat_breakdown[]`). The totals are taken only when
 * every row's quantity × unit price is its stated total, the rows add up to the subtotal, the breakdown to the VAT
 * total and subtotal + VAT to the total. Not mapped: the VAT id and the account (invented numbers).
 */
function typstBusinessInvoiceJson([invoiceText, companyText]) {
  let inv;
  let company;
  try {
    inv = JSON.parse(invoiceText);
    company = JSON.parse(companyText);
  } catch {
    return null;
  }
  const items = Array.isArray(inv?.items) ? inv.items : [];
  const totals = inv?.totals ?? {};
  const rows = Array.isArray(totals.vat_breakdown) ? totals.vat_breakdown : [];
  const net = cents(totals.subtotal?.amount);
  const tax = cents(totals.vat_total?.amount);
  const gross = cents(totals.total?.amount);
  const itemsOk = items.length && items.every((i) => cents(Number(i.quantity) * Number(i.unit_price?.amount)) === cents(i.total?.amount));
  const sumsOk = itemsOk
    && items.reduce((s, i) => s + cents(i.total?.amount), 0) === net
    && rows.reduce((s, r) => s + cents(r.amount?.amount), 0) === tax
    && rows.reduce((s, r) => s + cents(r.base?.amount), 0) === net
    && net + tax === gross;
  if (!sumsOk) return null;
  const currency = totals.total?.currency;
  return {
    type: 'invoice',
    document_number: inv.metadata?.invoice_number,
    issue_date: isoDate(inv.metadata?.invoice_date?.date),
    payment_due_date: isoDate(inv.metadata?.due_date?.date),
    currency: /^[A-Z]{3}$/.test(currency ?? '') ? currency : undefined,
    sender_name: company?.name,
    recipient_name: inv.recipient?.company || inv.recipient?.name,
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(gross),
    tax_breakdowns: rows.map((r) => ({ tax_rate: Number(r.rate?.percentage), taxable_amount: money(cents(r.base?.amount)), tax_amount: money(cents(r.amount?.amount)) })),
  };
}

/**
 * Round 18. cco/my-invoices (a Typst invoice template for IT side work, US): `main.typ`'s `invoice_number`,
 * `invoice_date` and the `invoice: ((…), (…))` parties — the template labels the first "Recipient" and the second
 * "Contractor" (the issuer); their `business` names are taken — and the "Grand Total" the template computes:
 * Σ services hours × rate + Σ materials rate. The date is written "02-04-2026"; it is read month first, as the
 * commit that printed the page is of 2026-02-04 and the page's "$" amounts are US-style. Not mapped: the "$" (the
 * template's format), tax (none).
 */
function ccoInvoiceTyp(text) {
  const t = String(text ?? '');
  const services = [...t.matchAll(/\(service:\s*"[^"]*",\s*hours:\s*([\d.]+),\s*rate:\s*([\d.]+)\)/g)];
  const materials = [...t.matchAll(/\(item:\s*"[^"]*",\s*rate:\s*([\d.]+)\)/g)];
  const parties = [...t.matchAll(/\(\s*name:\s*"[^"]*",\s*business:\s*"([^"]+)"/g)].map((m) => m[1]);
  const date = /#let invoice_date\s*=\s*"(\d{2})-(\d{2})-(\d{4})"/.exec(t);
  if (!services.length || parties.length !== 2) return null;
  const gross = services.reduce((s, m) => s + cents(Number(m[1]) * Number(m[2])), 0) + materials.reduce((s, m) => s + cents(m[1]), 0);
  return {
    type: 'invoice',
    document_number: /#let invoice_number\s*=\s*"([^"]+)"/.exec(t)?.[1],
    issue_date: date ? `${date[3]}-${date[1]}-${date[2]}` : undefined,
    recipient_name: parties[0],
    sender_name: parties[1],
    gross_amount: money(gross),
  };
}

/**
 * Round 18. Majdi-Abi-Dhiaf/facturation-generation-pdf (Python, Jinja2 + WeasyPrint, French): the `mock_data` of
 * `generate_invoice.py`'s `__main__` that printed `output/facture.pdf` — `company_name`, `invoice_number`,
 * `issue_date`, `due_date` (dd/mm/yyyy), `client_name`, the items qty × unit_price and `vat_rate` (a fraction); the
 * program's arithmetic is subtotal × rate ("TVA (20%)", to the cent) and their sum ("Total TTC"). Not mapped: the "€"
 * (the template's literal), the SIRET (no VAT id).
 */
function facturationWeasyprintPy(text) {
  const t = String(text ?? '');
  const block = t.slice(t.indexOf('mock_data = {'));
  const str = (key) => new RegExp(`"${key}":\\s*"([^"]*)"`).exec(block)?.[1];
  const items = [...block.matchAll(/\{"description":\s*"[^"]*",\s*"qty":\s*(\d+),\s*"unit_price":\s*([\d.]+)\}/g)];
  const rate = Number(/"vat_rate":\s*([\d.]+)/.exec(block)?.[1]);
  if (!items.length || !Number.isFinite(rate) || !/vat_amount = subtotal \* data\["vat_rate"\]/.test(t)) return null;
  const net = items.reduce((s, m) => s + cents(Number(m[1]) * Number(m[2])), 0);
  return {
    type: 'invoice',
    document_number: str('invoice_number'),
    issue_date: isoDate(str('issue_date')),
    payment_due_date: isoDate(str('due_date')),
    sender_name: str('company_name'),
    recipient_name: str('client_name'),
    ...oneRateTotals(net, Math.round(rate * 10000) / 100),
  };
}

/** A Python string literal's value for `"key": "…"` (double quotes, no escapes) in `text`. */
const pyStr = (text, key) => new RegExp(`"${key}"\\s*:\\s*"([^"]*)"`).exec(text ?? '')?.[1];

/**
 * Round 19. Geffrey99/Factura-PYTHON- (Python, ReportLab platypus, Spanish): `facturaCompleja.py`, whose literals
 * printed `factura.pdf` — `company_info["name"]` (the issuer), `client_info["name"]`, `invoice_info` (`number`,
 * `issue_date`, `due_date`, dd/mm/yyyy) and the items (quantity × unit price − discount). The program's totals:
 * "Subtotal General" Σ (q × p − discount), "IVA (21%)" that × 0.21, "Total a Pagar" subtotal − Σ discount + IVA (the
 * discounts are taken off twice); the adapter checks that the code still says so. Not mapped: a net amount (the IVA's
 * base, 1 386,00, is not the total less the IVA, 1 326,00: the page states no consistent net) and so no tax row, the
 * "€" (the program's format), the placeholder "ES00 000 …" account (no valid IBAN).
 */
function geffreyFacturaComplejaPy(text) {
  const t = String(text ?? '');
  const block = (name) => new RegExp(`${name}\\s*=\\s*\\{([\\s\\S]*?)\\n\\}`).exec(t)?.[1] ?? '';
  const items = [...t.matchAll(/\{"name":\s*"[^"]*",\s*"description":\s*"[^"]*",\s*"quantity":\s*(\d+),\s*"unit_price":\s*([\d.]+),\s*"discount":\s*([\d.]+)\}/g)];
  const formulas = /subtotal_general = sum\(\(item\["quantity"\] \* item\["unit_price"\]\) - item\["discount"\] for item in items\)/.test(t)
    && /iva = subtotal_general \* 0\.21/.test(t) && /total_a_pagar = subtotal_general - descuento_total \+ iva/.test(t);
  if (!items.length || !formulas) return null;
  const subtotal = items.reduce((s, m) => s + cents(Number(m[1]) * Number(m[2]) - Number(m[3])), 0);
  const discounts = items.reduce((s, m) => s + cents(m[3]), 0);
  const iva = Math.round(subtotal * 0.21);
  const invoice = block('invoice_info');
  return {
    type: 'invoice',
    document_number: pyStr(invoice, 'number'),
    issue_date: isoDate(pyStr(invoice, 'issue_date')),
    payment_due_date: isoDate(pyStr(invoice, 'due_date')),
    sender_name: pyStr(block('company_info'), 'name'),
    recipient_name: pyStr(block('client_info'), 'name'),
    tax_total: money(iva),
    gross_amount: money(subtotal - discounts + iva),
  };
}

/**
 * Round 19. nilanbais/cream-invoice-machine (Python, fpdf2, Dutch) at its first commit: the notebook `main_file.ipynb`
 * whose `invoice_data` printed `factuur.pdf` (`invoice_number`, `date` dd-mm-yyyy, `customer_name`, items as
 * (article, quantity, unit price) tuples) and `ref/invoice_class.py`, the page class: the issuer is the literal its
 * `header()` prints first ("Bedrijf XYZ"), "Totaal" is Σ quantity × unit price (checked in the code). No tax is stated
 * or printed: only the total is mapped, as the gross. Not mapped: the "€" (the class's format).
 */
function creamInvoiceNotebook([notebook, invoiceClass]) {
  let nb;
  try {
    nb = JSON.parse(notebook);
  } catch {
    return null;
  }
  const code = (nb?.cells ?? []).filter((c) => c.cell_type === 'code').map((c) => [c.source].flat().join('')).find((s) => /invoice_data\s*=\s*\{/.test(s)) ?? '';
  const cls = String(invoiceClass ?? '');
  const items = [...code.matchAll(/\(\s*"[^"]*",\s*(\d+),\s*([\d.]+)\s*\)/g)];
  const issuer = /def header\(self\):[\s\S]*?self\.cell\([^"]*"([^"]+)"/.exec(cls)?.[1];
  const date = /^(\d{2})-(\d{2})-(\d{4})$/.exec(pyStr(code, 'date') ?? '');
  if (!items.length || !/line_total = quantity \* unit_price/.test(cls) || !/total_price \+= line_total/.test(cls)) return null;
  return {
    type: 'invoice',
    document_number: pyStr(code, 'invoice_number'),
    issue_date: date ? `${date[3]}-${date[2]}-${date[1]}` : undefined,
    sender_name: issuer,
    recipient_name: pyStr(code, 'customer_name'),
    gross_amount: money(items.reduce((s, m) => s + cents(Number(m[1]) * Number(m[2])), 0)),
  };
}

const INDONESIAN_MONTHS = ['januari', 'februari', 'maret', 'april', 'mei', 'juni', 'juli', 'agustus', 'september', 'oktober', 'november', 'desember'];
/** "Rp2.000.000" (rupiah, dots group thousands) -> cents. */
const rupiah = (v) => (/^Rp\s?\d{1,3}(\.\d{3})*(,\d{2})?$/.test(String(v ?? '')) ? cents(String(v).replace(/^Rp\s?/, '').replace(/\./g, '').replace(',', '.')) : undefined);

/**
 * Round 19. askareija/coba-pdf (Node, Mustache + Puppeteer, Indonesian): `index.js`'s `data` literal that printed
 * `output/invoice.pdf` — `nomor` (the number), `tanggal` ("21 September 2020", Indonesian month names), `total`
 * ("Rp2.000.000"); the total is taken only when it is the sum of the items' `harga`. The amounts are rupiah strings
 * ("Rp…"), so the currency is IDR. No party is named (only a town), no tax.
 */
function cobaPdfIndexJs(text) {
  const t = String(text ?? '');
  const block = /const data = \{([\s\S]*?)\n\s*\};/.exec(t)?.[1] ?? '';
  const str = (key) => new RegExp(`\\b${key}:\\s*"([^"]*)"`).exec(block)?.[1];
  const total = rupiah(str('total'));
  const prices = [...(/barang:\s*\[([\s\S]*?)\]/.exec(block)?.[1] ?? '').matchAll(/harga:\s*"([^"]*)"/g)].map((m) => rupiah(m[1]));
  const date = /^(\d{1,2}) (\p{L}+) (\d{4})$/u.exec(str('tanggal') ?? '');
  const month = date ? INDONESIAN_MONTHS.indexOf(date[2].toLowerCase()) + 1 : 0;
  if (total === undefined || !prices.length || prices.some((p) => p === undefined) || prices.reduce((s, p) => s + p, 0) !== total) return null;
  return {
    type: 'invoice',
    document_number: /\bnomor:\s*(\d+)/.exec(block)?.[1],
    issue_date: month ? `${date[3]}-${String(month).padStart(2, '0')}-${date[1].padStart(2, '0')}` : undefined,
    currency: 'IDR',
    gross_amount: money(total),
  };
}

/**
 * Round 19. louiskounios/simple-invoice-generator (pandoc + XeLaTeX with spreadtab, English, Cyprus): `data.example.yml`,
 * the data its example pages are printed from (`generate-example-data-file.sh` writes the same values with another
 * font each; the file's own font, Ubuntu, names the page taken) — `invoice-number`, `date` (dd/mm/yyyy), `from.name`,
 * `from.vat-registration-number`, `to.name`, `currency` ("€"), `vat-rate` and the services (hours × rate, or a price).
 * The template's arithmetic: "Subtotal" Σ services, "VAT due" subtotal × rate / 100, "Total" their sum. Not mapped:
 * the placeholder IBAN "CY00 …" (its check digits are not valid).
 */
function simpleInvoiceGeneratorYml(text) {
  let d;
  try {
    d = yaml.load(String(text ?? '').replace(/\n---\s*$/, ''), { schema: yaml.FAILSAFE_SCHEMA }); // pandoc's closing "---" ends the block
  } catch {
    return null;
  }
  const services = Array.isArray(d?.services) ? d.services : [];
  const lines = services.map((s) => (s.hourly ? cents(Number(s.hourly.hours) * Number(s.hourly.rate)) : s.other ? cents(s.other.price) : 0));
  const rate = Number(d?.['vat-rate']);
  if (!lines.length || !lines.every(Number.isFinite) || !Number.isFinite(rate)) return null;
  const net = lines.reduce((s, c) => s + c, 0);
  return {
    type: 'invoice',
    document_number: d['invoice-number'],
    issue_date: isoDate(d.date),
    currency: d.currency === '€' ? 'EUR' : undefined,
    sender_name: d.from?.name,
    sender_vat_number: compactId(d.from?.['vat-registration-number'], /^[A-Z]{2}[0-9A-Z]{8,12}$/),
    recipient_name: d.to?.name,
    ...oneRateTotals(net, rate),
  };
}

/**
 * Round 19. MegarusherSamarth/Invoice-Generator (Python, Jinja2 HTML to PDF, India GST): `invoices/org1/INV-001.json`,
 * the record the CLI wrote beside the page it printed (`INV-001.pdf`) — `invoice.number`, `invoice.date`, the
 * supplier's `legal_name`, the customer's `name` and `tax_breakdown` ("Total Taxable Value", the CGST / SGST / IGST /
 * cess totals, "Grand Total"). Taken only when every line's taxable value is quantity × unit price, the lines add up to
 * the taxable total, taxable + taxes = the subtotal and subtotal + rounding = the grand total. Not mapped: the rate
 * (the page prints "IGST Total" and the items' IGST amounts, no percentage: no rate row), the GSTINs, the currency (not
 * printed).
 */
function gstInvoiceGeneratorJson(text) {
  let d;
  try {
    d = JSON.parse(text);
  } catch {
    return null;
  }
  const inv = d?.invoice ?? {};
  const tb = d?.tax_breakdown ?? {};
  const lines = Array.isArray(tb.lines) ? tb.lines : [];
  const net = cents(tb.total_taxable);
  const tax = cents(tb.cgst_total) + cents(tb.sgst_total) + cents(tb.igst_total) + cents(tb.cess_total);
  const gross = cents(tb.grand_total);
  const ok = lines.length
    && lines.every((l) => cents(Number(l.quantity) * Number(l.unit_price)) === cents(l.taxable_value))
    && lines.reduce((s, l) => s + cents(l.taxable_value), 0) === net
    && net + tax === cents(tb.subtotal)
    && cents(tb.subtotal) + cents(tb.rounding_adjustment) === gross;
  if (!ok) return null;
  return {
    type: 'invoice',
    document_number: inv.number,
    issue_date: isoDate(inv.date),
    sender_name: inv.supplier?.legal_name,
    recipient_name: inv.customer?.name,
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(gross),
  };
}

/**
 * Round 20. matushkevin/Invoice-Generator (Python, ReportLab canvas, Kenya): `invoice_sample.pdf`, printed by
 * `invoice_generator.py` run without arguments from its `SAMPLE` dict ("Vin Digital Studio" to "Savannah Retail Ltd",
 * placeholder phone "+254 700 000 000" and "Paybill 123456"). The program's totals: "Subtotal" Σ qty × unit price,
 * "Tax (16% VAT)" subtotal × tax_rate, "TOTAL DUE" subtotal + tax; the adapter checks that the code still says so and
 * that the sample states its rate and currency. Not mapped: the dates (the sample gives none: the program prints the
 * run day and 14 days later).
 */
function kenyaInvoiceGeneratorPy(text) {
  const t = String(text ?? '');
  const sample = /\nSAMPLE = \{([\s\S]*?)\n\}/.exec(t)?.[1] ?? '';
  const party = (key) => pyStr(new RegExp(`"${key}":\\s*\\{([^}]*)\\}`).exec(sample)?.[1], 'name');
  const items = [...sample.matchAll(/"qty":\s*(\d+),\s*"unit_price":\s*([\d.]+)\s*\}/g)];
  const rate = Number(/"tax_rate":\s*([\d.]+)/.exec(sample)?.[1]);
  const formulas = /line_total = qty \* unit_price/.test(t) && /subtotal\s+\+= line_total/.test(t)
    && /tax {4}= subtotal \* tax_rate/.test(t) && /total {2}= subtotal \+ tax/.test(t);
  if (!items.length || !formulas || !Number.isFinite(rate) || !pyStr(sample, 'currency')) return null;
  const net = items.reduce((s, m) => s + cents(Number(m[1]) * Number(m[2])), 0);
  return {
    type: 'invoice',
    document_number: pyStr(sample, 'invoice_number'),
    currency: pyStr(sample, 'currency'),
    sender_name: party('business'),
    recipient_name: party('client'),
    ...oneRateTotals(net, Math.round(rate * 10000) / 100),
  };
}

/**
 * Round 20. kantium/Swiss-QR-Bill (Python, pycairo, Swiss, French page): `demo_invoice.pdf`, printed by
 * `BillGenerator.py -c Creditors/Robert.json -d Debtors/Maria.json -i Invoices/Invoice_220506_522.json -l fr` (the
 * README's command) at the first commit. The amount is the program's: Σ amount × price rounded to cents, printed as
 * "Sous-total" and "Montant dû … CHF" (no VAT is stated or printed). The parties are the names of the SIX QR-bill
 * guide's sample bill; the invoice, its items and its layout are the program's own. Not mapped: the dates (the run
 * day and 60 days later), the QR-IBAN.
 */
function swissQrBillJson([creditor, debtor, invoice, generator]) {
  let c, d, inv;
  try {
    [c, d, inv] = [creditor, debtor, invoice].map((x) => JSON.parse(x));
  } catch {
    return null;
  }
  const items = Array.isArray(inv?.items) ? inv.items : [];
  const formula = /invoice_data\["totalamount"\] = round\(sum\(\[x\["amount"\]\*x\["price"\] for x in invoice_data\["items"\]\]\),2\)/.test(String(generator ?? ''));
  if (!items.length || !formula || !items.every((i) => Number.isFinite(i.amount * i.price))) return null;
  return {
    type: 'invoice',
    document_number: inv.invoice?.invoiceid,
    currency: inv.invoice?.currency,
    sender_name: c?.name,
    recipient_name: d?.name,
    gross_amount: money(cents(items.reduce((s, i) => s + i.amount * i.price, 0))),
  };
}

/**
 * Round 21. BlenderDefender/md2pdf (Markdown + pandoc + WeasyPrint; the layout of CourtBouillon's WeasyPrint invoice
 * sample): `examples/invoice.pdf`, printed from `examples/invoice.md`, whose code blocks run `examples/invoice.py`
 * (`invoice_number`, the `products` list) and include `examples/contact-information.md` (the issuer, "John Doe", a
 * placeholder). The program's total: "Total due" Σ price per unit (in cents) × units sold, with the products'
 * currency symbol; the adapter checks that the code still says so. Not mapped: the dates (the run day and 14 days
 * later), a recipient (none is printed), the account number (not an IBAN). No tax is stated or printed.
 */
function md2pdfInvoicePy([code, contact]) {
  const t = String(code ?? '');
  const products = [...t.matchAll(/"price_per_unit":\s*"([\d.]+)",\s*"units_sold":\s*(\d+),\s*"currency_symbol":\s*"([^"]*)"/g)];
  const formulas = /subtotal = ppu \* p\.get\("units_sold", 0\)/.test(t) && /total_due \+= subtotal/.test(t)
    && /format_amount\(total_due, currency_symbol\)/.test(t);
  const signs = new Set(products.map((m) => m[3]));
  if (!products.length || !formulas || signs.size !== 1) return null;
  const issuer = /<div class="contact-information"[^>]*>\s*([^\n\\]+)/.exec(String(contact ?? ''))?.[1]?.trim();
  return {
    type: 'invoice',
    document_number: /^invoice_number = "([^"]*)"/m.exec(t)?.[1],
    currency: CURRENCY_SIGNS[[...signs][0]],
    sender_name: issuer,
    gross_amount: money(products.reduce((s, m) => s + cents(m[1]) * Number(m[2]), 0)),
  };
}

const SPANISH_MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
/** "15 de Febrero de 2016" -> 2016-02-15. */
const spanishDate = (v) => {
  const m = /^(\d{1,2}) de (\p{L}+) de (\d{4})$/u.exec(String(v ?? '').trim());
  const month = m ? SPANISH_MONTHS.indexOf(m[2].toLowerCase()) + 1 : 0;
  return month ? `${m[3]}-${String(month).padStart(2, '0')}-${m[1].padStart(2, '0')}` : undefined;
};

/**
 * Round 21. rusben/recipe-xml-xsl-fop (XSL-FO, Apache FOP 2.1, Spanish): `invoice.example.pdf`, printed by
 * `fop -xml invoice.data.xml -xsl invoice.template.xsl` (the README's command). The data: `id`, `date`, the seller's
 * name and two surnames ("John Doe Martin"), the customer's `name` ("Private Customer S.L."), `hours`, `priceperhour`,
 * `iva` and `irpf` (percentages). The template's sums, checked in the XSL: "Base imponible" hours × price per hour,
 * "IVA" base × iva / 100, "IRPF" −base × irpf / 100, "TOTAL" their sum (each rounded to cents). As for GOBL envelopes
 * with a retained tax (round 9): net = the base, gross = the total after the withholding; the tax total and the tax
 * rows are not mapped (the tax sum mixes VAT and the IRPF withholding). Not mapped: the NIFs (the seller's check
 * letter is not valid), the account number (not an IBAN).
 */
function fopInvoiceDataXml([xml, xsl]) {
  const x = String(xml ?? '');
  const s = String(xsl ?? '');
  const num = (name) => Number(xmlText(x, name));
  const [hours, pph, iva, irpf] = ['hours', 'priceperhour', 'iva', 'irpf'].map(num);
  const formulas = s.includes("format-number((($h * $pph) * $iva) div 100, \"#.00\")")
    && s.includes("format-number(-(($h * $pph) * $irpf) div 100, \"#.00\")")
    && s.includes('format-number(format-number($h * $pph, "#.00") + format-number((($h * $pph) * $iva) div 100, "#.00") + format-number(-(($h * $pph) * $irpf) div 100, "#.00"), "#.00")')
    && s.includes('€');
  if (![hours, pph, iva, irpf].every(Number.isFinite) || !formulas) return null;
  const net = cents(hours * pph);
  const vat = Math.round((net * iva) / 100);
  const withheld = Math.round((net * irpf) / 100);
  const seller = ['name', 'first-surname', 'second-surname'].map((n) => xmlText(x, n, 'seller')).filter(Boolean).join(' ');
  return {
    type: 'invoice',
    document_number: xmlText(x, 'id'),
    issue_date: spanishDate(xmlText(x, 'date')),
    currency: 'EUR',
    sender_name: seller || undefined,
    recipient_name: xmlText(x, 'name', 'customer'),
    net_amount: money(net),
    gross_amount: money(net + vat - withheld),
  };
}

/**
 * Round 21. rubaka-pl/pdf-Apache-FOP (XSL-FO, Apache FOP 2.11, English): `output.pdf`, printed by `fop -xml data.xml
 * -xsl template.xsl` (the README's command) at the first commit. The order lines are `data.xml`'s; the number ("Invoice
 * No:" INV-001), the date, the issuer ("From:" OrderMaster Inc.) and the customer ("Bill To:" Client Company, both
 * placeholders) are literals of `template.xsl`, the program that printed the page. The template's sums, checked in
 * the XSL: a line's total is unit × quantity, "Total:" is the sum of the lines' `total`; taken only when every line's
 * `total` equals unit × quantity. Not mapped: the currency (only "$" is printed), a tax (none).
 */
function fopOrdersXml([xml, xsl]) {
  const x = String(xml ?? '');
  const s = String(xsl ?? '');
  const orders = [...x.matchAll(/<order>([\s\S]*?)<\/order>/g)].map((m) => ({ unit: Number(xmlText(m[1], 'unit')), quantity: Number(xmlText(m[1], 'quantity')), total: Number(xmlText(m[1], 'total')) }));
  const formulas = s.includes('<xsl:value-of select="unit * quantity"/>') && s.includes('<xsl:value-of select="sum(orders/order/total)"/>');
  const ok = orders.length && orders.every((o) => [o.unit, o.quantity, o.total].every(Number.isFinite) && cents(o.unit * o.quantity) === cents(o.total));
  if (!formulas || !ok) return null;
  const after = (label) => new RegExp(`<fo:block[^>]*>${label}</fo:block>\\s*<fo:block>([^<]+)</fo:block>`).exec(s)?.[1]?.trim();
  const customer = /<fo:block[^>]*>Bill To:<\/fo:block>\s*<fo:block[^>]*>\s*<fo:block>([^<]+)<\/fo:block>/.exec(s)?.[1]?.trim();
  return {
    type: /<fo:block[^>]*>\s*INVOICE\s*<\/fo:block>/.test(s) ? 'invoice' : undefined,
    document_number: after('Invoice No:'),
    issue_date: isoDate(/<fo:block>Date: (\d{4}-\d{2}-\d{2})<\/fo:block>/.exec(s)?.[1]),
    sender_name: after('From:'),
    recipient_name: customer,
    gross_amount: money(orders.reduce((sum, o) => sum + cents(o.total), 0)),
  };
}

/**
 * Round 21. Deduktiva/abt (Rails billing application, XSL-FO `lib/foptemplate/invoice.xsl`, Apache FOP 2.10):
 * `db/seed_data/invoice_20250001.pdf`, the page the application rendered for the booked invoice its development seeds
 * create (`db/seeds.rb`: "20250001", 2025-01-15, due 2025-02-14, issuer "My Example B.V." with VAT id NL123456789B01
 * and account NL91ABNA0417164300, customer `good_company` "Good Company Poland B.V." of the EU tax class, three lines
 * quantity × rate). The EU class's rate for standard products is 0.0 (reverse charge, "Tax Class Standard Goods: 0.0%
 * VAT"): net = gross = Σ quantity × rate, tax 0.00 at 0 %. The currency is the issuer's default, "EUR"
 * (`db/schema.rb`).
 */
function abtSeedsRb([seeds, schema]) {
  const t = String(seeds ?? '');
  const block = /unless Invoice\.exists\?\(document_number: '(\d+)'\)([\s\S]*?)\n {2}end\n/.exec(t);
  if (!block) return null;
  const [, number, body] = block;
  const customerVar = /customer: (\w+),/.exec(body)?.[1];
  const customer = customerVar ? new RegExp(`${customerVar} = Customer\\.find_or_create_by\\([^)]*\\) do \\|customer\\|([\\s\\S]*?)\\n {2}end`).exec(t)?.[1] : undefined;
  const taxClass = /customer\.sales_tax_customer_class = (\w+)/.exec(customer ?? '')?.[1];
  const rate = taxClass ? Number(new RegExp(`sales_tax_customer_class: ${taxClass},\\s*sales_tax_product_class: standard_product\\s*\\) do \\|str\\|\\s*str\\.rate = ([\\d.]+)`).exec(t)?.[1]) : NaN;
  const lines = [...body.matchAll(/quantity: ([\d.]+),\s*rate: ([\d.]+),\s*sales_tax_product_class: standard_product/g)];
  const date = (key) => /Date\.new\((\d{4}), (\d{1,2}), (\d{1,2})\)/.exec(new RegExp(`\\b${key}\\s*[:=]\\s*(Date\\.new\\([^)]*\\))`).exec(body)?.[1] ?? '');
  const iso = (m) => (m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : undefined);
  const eur = /t\.string "currency", default: "EUR", null: false/.test(String(schema ?? ''));
  if (!lines.length || !Number.isFinite(rate) || !customer) return null;
  const net = lines.reduce((s, m) => s + cents(Number(m[1]) * Number(m[2])), 0);
  return {
    type: 'invoice',
    document_number: number,
    issue_date: iso(date('date')),
    payment_due_date: iso(date('due_date')),
    currency: eur ? 'EUR' : undefined,
    sender_name: /issuer\.legal_name = '([^']*)'/.exec(t)?.[1],
    sender_vat_number: vatId(/issuer\.vat_id = '([^']*)'/.exec(t)?.[1]),
    recipient_name: /customer\.name = '([^']*)'/.exec(customer)?.[1],
    iban: iban(/issuer\.bankaccount_number = "([^"]*)"/.exec(t)?.[1]),
    ...oneRateTotals(net, rate),
  };
}

/**
 * Round 22. ryota2357/typst-invoice-template (Typst 0.14, Japanese 請求書): `main.pdf`, printed by `typst compile
 * main.typ`, whose `invoice.with(...)` overrides are all commented out, so the page shows the defaults of `lib.typ`'s
 * `invoice` function: issuer 田中 太郎, recipient ◯◯株式会社 (placeholders), due date 2026-01-31, one line 5 × 2000 and
 * `tax-rate: 0.1`. lib.typ computes subtotal = Σ price × amount, tax = subtotal × tax-rate, total = subtotal + tax;
 * amounts are printed in 円 (JPY); the rate is not printed, so no tax row. The date and the number ("[year][month][day]-1") are the run day's: not mapped.
 * No truth unless main.typ overrides nothing and lib.typ still states those three formulas.
 */
function ryotaTypstInvoiceLib([main, lib]) {
  const m = String(main ?? '').split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');
  const t = String(lib ?? '');
  if (!/#show: invoice\.with\(\s*\)/.test(m)) return null;
  const formulas = t.includes('let subtotal = items.map(it => it.price * it.amount).sum(default: 0)') && t.includes('let tax = subtotal * tax-rate') && t.includes('let total = subtotal + tax');
  const head = /#let invoice\(([\s\S]*?)\n\) = \{/.exec(t)?.[1];
  if (!formulas || !head) return null;
  const partyName = (key) => new RegExp(`\\n  ${key}: \\(\\s*name: \\[([^\\]]+)\\]`).exec(head)?.[1]?.trim();
  const due = /\n  due-date: datetime\(year: (\d{4}), month: (\d{1,2}), day: (\d{1,2})\)/.exec(head);
  const itemsBlock = /\n  items: \(([\s\S]*?)\n  \),/.exec(head)?.[1] ?? '';
  const items = [...itemsBlock.matchAll(/amount: (\d+(?:\.\d+)?),[\s\S]*?price: (\d+(?:\.\d+)?),/g)].map((x) => ({ amount: Number(x[1]), price: Number(x[2]) }));
  const rate = Number(/\n  tax-rate: ([\d.]+),/.exec(head)?.[1]);
  if (!items.length || !Number.isFinite(rate)) return null;
  const net = items.reduce((sum, it) => sum + cents(it.price * it.amount), 0);
  // The page prints 小計 / 消費税 / 合計金額 but not the rate: no tax row (as round 15's 請求書).
  const { tax_breakdowns: _rows, ...totals } = oneRateTotals(net, Math.round(rate * 10000) / 100);
  return {
    type: 'invoice',
    payment_due_date: due ? `${due[1]}-${due[2].padStart(2, '0')}-${due[3].padStart(2, '0')}` : undefined,
    currency: 'JPY',
    sender_name: partyName('issuer'),
    recipient_name: partyName('recipient'),
    ...totals,
  };
}

/**
 * Round 22. kaat0/typst-faktura (Typst package "faktura", German letter layout): `template/invoice.pdf` at a670fb1,
 * printed from `template/invoice.typ` (seller "Alex Mueller" with VAT id DE123456789 and IBAN AT022081500000698597,
 * recipient "Erika Mustermann", placeholders; date 2025-11-15, `due-duration: 14`, `vat: 19`, one item 1 × 120.0).
 * `src/lib.typ` computes net = Σ unit-price × quantity, VAT = Σ unit-price × quantity × rate / 100 and gross = net + VAT,
 * and the due date as the date plus `due-duration` days when no `due-date` is given. The subject "invoice 12/25-001"
 * (printed "Rechnung #invoice 12/25-001") is not mapped as the number: which part is the number is not stated.
 * No truth unless lib.typ still states those formulas and every item is at the document's rate.
 */
function kaatTypstFaktura([doc, lib]) {
  const d = String(doc ?? '');
  const t = String(lib ?? '');
  const formulas = /let total-no-vat = items\s*\.map\(row => row\.unit-price \* row\.at\("quantity", default: 1\)\)\s*\.sum\(\)/.test(t)
    && /let total-with-vat = total-no-vat \+ total-vat/.test(t)
    && /let request-date = if due-date == none \{\s*date \+ duration\(days: due-duration\)/.test(t);
  if (!formulas) return null;
  const str = (src, key) => new RegExp(`\\b${key}: "([^"]*)"`).exec(src)?.[1];
  const seller = /#let seller = \(([\s\S]*?)\n\)/.exec(d)?.[1] ?? '';
  const recipient = /\n {2}recipient: \(([\s\S]*?)\n {2}\),/.exec(d)?.[1] ?? '';
  const date = /\n {2}date: datetime\(year: (\d{4}), month: (\d{1,2}), day: (\d{1,2})\)/.exec(d);
  const days = Number(/\n {2}due-duration: (\d+),/.exec(d)?.[1]);
  const rate = Number(/\n {2}vat: ([\d.]+),/.exec(d)?.[1]);
  const itemsBlock = /\n {2}items: \(([\s\S]*?)\n {2}\),/.exec(d)?.[1] ?? '';
  const items = [...itemsBlock.matchAll(/\(([^()]*unit-price[^()]*)\)/g)].map((m) => m[1]);
  if (!date || !items.length || !Number.isFinite(rate) || /has-vat-exemption: true/.test(seller) || items.some((i) => /vat-rate/.test(i))) return null;
  const net = items.reduce((sum, i) => sum + cents(Number(/quantity: ([\d.]+)/.exec(i)?.[1] ?? 1) * Number(/unit-price: ([\d.]+)/.exec(i)?.[1])), 0);
  const issue = new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])));
  const due = Number.isFinite(days) && !/\n {2}due-date:/.test(d) ? new Date(issue.getTime() + days * 86400000) : undefined;
  return {
    type: 'invoice',
    issue_date: issue.toISOString().slice(0, 10),
    payment_due_date: due?.toISOString().slice(0, 10),
    currency: 'EUR',
    sender_name: str(seller, 'name'),
    sender_vat_number: str(seller, 'vat-id'),
    iban: iban(str(seller, 'iban')),
    recipient_name: str(recipient, 'name'),
    ...oneRateTotals(net, rate),
  };
}

/**
 * Round 22. Johennes/make-invoice (Node: Handlebars + Puppeteer, Chromium's PDF): `test/invoice.pdf`, printed by
 * `node make-invoice.js --template test/template.html --context test/context.json` (the README names the pair). The
 * context holds the number 1234, the date "01.01.2019", the seller "Sal E. S. Guru" and the recipient "John Doe"
 * (placeholders), two items with their totals, shipping "$10,00" and the total "$289.97" as printed strings. The total
 * is taken only when it equals Σ item totals + shipping and every item total is amount × price. The template's title
 * "House of Hoverboards" is a literal of the HTML (a logo text), not the seller's name in the data: the seller's name is
 * the data's. Not mapped: the currency (only "$" is printed), a tax (none).
 */
function makeInvoiceContextJson([context, template]) {
  let c;
  try { c = JSON.parse(String(context ?? '')); } catch { return null; }
  const html = String(template ?? '');
  const uses = ['Invoice #: {{invoice.number}}', 'Date: {{invoice.date}}', '{{seller.name}}', '{{recipient.name}}', '{{total}}', '{{shipping}}'].every((k) => html.includes(k));
  const dollars = (v) => {
    const t = String(v ?? '').trim().replace(/^\$/, '');
    const n = /^\d+,\d{2}$/.test(t) ? t.replace(',', '.') : t.replace(/,/g, '');
    return /^\d+(\.\d{1,2})?$/.test(n) ? cents(n) : NaN;
  };
  const items = Array.isArray(c?.items) ? c.items : [];
  const lines = items.map((it) => ({ amount: Number(it.amount), price: dollars(it.price), total: dollars(it.total) }));
  const itemsOk = lines.length && lines.every((l) => Number.isFinite(l.price) && Number.isFinite(l.total) && Math.round(l.amount * l.price) === l.total);
  const total = dollars(c?.total);
  const sum = lines.reduce((a, l) => a + l.total, 0) + dollars(c?.shipping);
  if (!uses || !itemsOk || !Number.isFinite(total) || sum !== total) return null;
  return {
    type: 'invoice',
    document_number: String(c.invoice?.number ?? ''),
    issue_date: isoDate(c.invoice?.date),
    sender_name: c.seller?.name,
    recipient_name: c.recipient?.name,
    gross_amount: money(total),
  };
}

/**
 * Round 23. wontknow/Billino (Python, ReportLab; a German Kleinunternehmer invoicing tool): `backend/scripts/
 * Demo_Individual_Invoice.pdf` at d717a8c, printed by `backend/scripts/demo_pdf_generation.py`'s
 * `create_sample_invoice_pdf()` from its `PDFInvoiceData(...)` literal (number "DEMO-001", issuer "Friseursalon
 * Schneidekunst", customer "Max Mustermann", the German placeholder name; two items 1 × 50.00 and 2 × 25.00, stated
 * totals 100.00 / 19.00 / 119.00 at `tax_rate=0.19`) through `backend/services/pdf_generator.py`, which prints the
 * stated totals as "Nettobetrag / Umsatzsteuer (19%) / Gesamtbetrag" with "€". Taken only when Σ quantity × price is
 * the stated net, net × rate the stated tax and net + tax the stated gross, and the generator still prints those three
 * fields. Mapped besides: the IBAN of `sender_bank_data` (DE89 3704 0044 0532 0130 00, valid check digits). Not mapped:
 * the date (`date.today()`, the run day), the Steuernummer "123/456/78910" (a tax number, not a VAT id).
 */
function billinoDemoPdfPy([demo, generator]) {
  const d = String(demo ?? '');
  const g = String(generator ?? '');
  const block = /def create_sample_invoice_pdf\(\):[\s\S]*?PDFInvoiceData\(([\s\S]*?)\n {4}\)\n/.exec(d)?.[1];
  const prints = ['["Nettobetrag:", f"{data.total_net:.2f} €"]', 'f"{data.total_tax:.2f} €"', '["Gesamtbetrag:", f"{data.total_gross:.2f} €"]'].every((k) => g.includes(k));
  if (!block || !prints) return null;
  const str = (key) => new RegExp(`\\n\\s*${key}="([^"]*)"`).exec(block)?.[1];
  const num = (key) => Number(new RegExp(`\\n\\s*${key}=([\\d.]+),`).exec(block)?.[1]);
  const items = [...block.matchAll(/\{"description": "[^"]*", "quantity": (\d+), "price": ([\d.]+)\}/g)].map((m) => cents(Number(m[1]) * Number(m[2])));
  const [net, tax, gross, rate] = [cents(num('total_net')), cents(num('total_tax')), cents(num('total_gross')), num('tax_rate') * 100];
  const consistent = items.length && items.reduce((a, b) => a + b, 0) === net && Math.round((net * rate) / 100) === tax && net + tax === gross;
  if (!consistent) return null;
  return {
    type: 'invoice',
    document_number: str('invoice_number'),
    currency: 'EUR',
    sender_name: str('sender_name'),
    recipient_name: str('customer_name'),
    iban: iban(/IBAN: ([A-Z]{2}[\d ]+\d)/.exec(str('sender_bank_data') ?? '')?.[1]),
    ...oneRateTotals(net, Math.round(rate * 100) / 100),
  };
}

/**
 * Round 23. Badr070118/OCR_Docs_PFE (Python: Faker fr_FR + Jinja2 HTML templates printed by Playwright's Chromium;
 * a synthetic Moroccan invoice set, MAD, ICE numbers, TVA 7/10/14/20 %): `tools/synthetic_dataset/output/pdfs/<n>.pdf`
 * with the label the same run wrote beside it, `output/labels/<n>.json` (number, date dd/mm/yyyy, supplier and client,
 * items, subtotal, tva_rate, tva_amount, total_ttc, currency, template_id). `generate.py` rounds each line to the
 * cent, sums the lines, rounds subtotal × rate / 100 half-up and adds it. Taken only when the label's figures follow
 * that arithmetic and generate.py still states it. Not mapped: the ICE numbers (company identifiers, not VAT ids).
 */
function ocrDocsSyntheticLabelJson([label, generator]) {
  let l;
  try { l = JSON.parse(String(label ?? '')); } catch { return null; }
  const g = String(generator ?? '');
  const formulas = g.includes('total = round_money(unit_price * Decimal(qty))') && g.includes('subtotal = round_money(sum((item["total"] for item in items), Decimal("0.00")))')
    && g.includes('tva_amount = round_money(subtotal * Decimal(tva_rate) / Decimal(100))') && g.includes('total_ttc = round_money(subtotal + tva_amount)');
  const items = Array.isArray(l?.items) ? l.items : [];
  const net = cents(l?.subtotal);
  const linesOk = items.length && items.every((it) => cents(it.total) === Math.round(Number(it.qty) * cents(it.unit_price))) && items.reduce((s, it) => s + cents(it.total), 0) === net;
  if (!formulas || !linesOk || !Number.isFinite(Number(l.tva_rate))) return null;
  const totals = oneRateTotals(net, Number(l.tva_rate));
  if (totals.tax_total !== money(cents(l.tva_amount)) || totals.gross_amount !== money(cents(l.total_ttc))) return null;
  return {
    type: 'invoice',
    document_number: l.invoice_number,
    issue_date: isoDate(l.date),
    currency: l.currency,
    sender_name: l.supplier?.name,
    recipient_name: l.client?.name,
    ...totals,
  };
}

/**
 * Round 24. MikeLydeamore/quarto-aus-invoice (Quarto extension "invoice-pdf": pandoc + LaTeX, an Australian
 * "Tax Invoice" layout): `examples/template.pdf`, rendered from `template.qmd`, whose YAML header states the company,
 * the invoice number and the recipient, and whose R chunk builds the one-row item table (rate, quantity, discount)
 * and prints "Total due" = Σ (rate × quantity − discount). Taken only when the chunk still states those two formulas.
 * Not mapped: the date (`date: today`, the render day) and the due date (that day + `terms`), the currency (only
 * "$" is printed), the ABN (a business number, no VAT id).
 */
function quartoAusInvoiceQmd(text) {
  const t = String(text ?? '');
  const head = /^---\n([\s\S]*?)\n---/.exec(t)?.[1];
  let h;
  try { h = yaml.load(head ?? ''); } catch { return null; }
  const formulas = t.includes('invoice$payment_due <- formattable::currency(invoice$rate * invoice$quantity - invoice$discount)') && t.includes('Total due: `r formattable::currency(sum(invoice$payment_due))`');
  const num = (key) => new RegExp(`\\n\\s*${key} = (?:formattable::currency\\()?([\\d.]+)\\)?,?\\n`).exec(t)?.[1];
  const [rate, quantity, discount] = ['rate', 'quantity', 'discount'].map(num);
  if (!h || !formulas || [rate, quantity, discount].some((v) => v === undefined)) return null;
  const gross = Math.round(cents(rate) * Number(quantity)) - cents(discount);
  return {
    type: 'invoice',
    document_number: h.invoicenumber === undefined ? undefined : String(h.invoicenumber),
    sender_name: h.company,
    recipient_name: Array.isArray(h.recipient) ? h.recipient[0]?.name : undefined,
    gross_amount: money(gross),
  };
}

/**
 * Round 24. Henri-Funes/Vault-DTE (Node: @faker-js/faker mock data for a Salvadoran DTE archive, pages drawn by
 * PDFKit, `server/mock-data/generate-pdfs.cjs`): one page `server/mock-data/pdfs/<category>/<codigoGeneracion>.pdf`
 * with its entry in the `facturas.json` the same script read (found by `ruta_pdf`). The page prints the entry's
 * "Número de Control", EMISOR / RECEPTOR names, "Subtotal Gravado" (`resumen.totalGravada`), "IVA (13%)"
 * (`resumen.totalIva`, the sum of the lines' rounded IVA) and "TOTAL A PAGAR" (`resumen.totalPagar`); taken only when
 * the lines add up to those totals and the script still prints exactly those fields. USD: the data's `tipoMoneda`,
 * printed in the amount in words ("… DÓLARES CON 99/100 USD"). Not mapped: the date (the script prints the absent
 * `fhProcesamiento`: "Fecha: undefined"), NIT / NRC (tax registration numbers, no VAT ids).
 */
function vaultDteFacturasJson([list, generator], path) {
  let all;
  try { all = JSON.parse(String(list ?? '')); } catch { return null; }
  const g = String(generator ?? '');
  const prints = ['doc.text(`Número de Control: ${factura.identificacion.numeroControl}`', 'doc.text(factura.emisor.nombre', 'doc.text(factura.receptor.nombre', "doc.text('IVA (13%):', labelX, itemY);", 'doc.text(formatCurrency(factura.resumen.totalIva), valueX, itemY);', 'doc.text(formatCurrency(factura.resumen.totalGravada), valueX, itemY);', 'doc.text(formatCurrency(factura.resumen.totalPagar), valueX, itemY);', "let tipoDoc = 'FACTURA';"].every((k) => g.includes(k));
  const rel = String(path ?? '').replace(/^.*\/pdfs\//, '');
  const f = Array.isArray(all) ? all.find((x) => x?.ruta_pdf === rel) : undefined;
  if (!prints || !f || f.identificacion?.tipoDocumento) return null;
  const lines = Array.isArray(f.cuerpoDocumento) ? f.cuerpoDocumento : [];
  const r = f.resumen ?? {};
  const [net, tax, gross] = [cents(r.totalGravada), cents(r.totalIva), cents(r.totalPagar)];
  const consistent = lines.length && lines.reduce((s, l) => s + cents(l.ventaGravada), 0) === net && lines.reduce((s, l) => s + cents(l.ivaItem), 0) === tax
    && lines.every((l) => cents(l.ivaItem) === Math.round(cents(l.ventaGravada) * 0.13)) && net + tax === gross && !cents(r.totalExenta);
  if (!consistent) return null;
  return {
    type: 'invoice',
    document_number: f.identificacion?.numeroControl,
    currency: f.identificacion?.tipoMoneda,
    sender_name: f.emisor?.nombre,
    recipient_name: f.receptor?.nombre,
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(gross),
    tax_breakdowns: moneyRows([{ tax_rate: 13, taxable_amount: net, tax_amount: tax }]),
  };
}

/**
 * Round 24. unforswearing/typst_invoice (Typst 0.11): `invoice_tmpl.pdf`, compiled from `invoice_tmpl.typ`, which
 * reads `invoice_data.json` and prints "ID: #00<invnumber>", "BILLED TO:" (`billto.org`), "PAYABLE TO:"
 * (`payable.org`) and "Total: $<hours × rate>". Taken only when the template still states the total's formula and the
 * number's prefix. Not mapped: the date (`datetime.today()`), the currency (only "$").
 */
function unforswearingTypstInvoiceJson([data, template]) {
  let d;
  try { d = JSON.parse(String(data ?? '')); } catch { return null; }
  const t = String(template ?? '');
  const states = t.includes('#let total = hours * rate') && t.includes('ID: \\#00#invnumber') && t.includes('[Total: \\$#total]');
  if (!states || !Number.isFinite(Number(d?.hours)) || !Number.isFinite(Number(d?.rate))) return null;
  return {
    type: 'invoice',
    document_number: d.invnumber === undefined ? undefined : `00${d.invnumber}`,
    sender_name: d.payable?.org,
    recipient_name: d.billto?.org,
    gross_amount: money(Math.round(Number(d.hours) * cents(d.rate))),
  };
}

/**
 * Round 24. kingamal/pdf_generator (Python, PyFPDF 1.7.2; the commit "Created invoice in pdf file"): `invoice.pdf`,
 * printed by `create_invoice.py` from `invoice_data.json`: the business name, "Invoice To:" the customer, then
 * "Subtotal:" Σ quantity × unit price, "Tax:" subtotal × `tax_rate` and "Total:" subtotal + tax, each printed with
 * two decimals. Taken only when the script still states those formulas and the rounded total equals the rounded
 * subtotal plus the rounded tax. No tax row: the rate is not printed. No number, date or currency ("$" only).
 */
function kingamalCreateInvoicePy([data, script]) {
  let d;
  try { d = JSON.parse(String(data ?? '')); } catch { return null; }
  const s = String(script ?? '');
  const formulas = s.includes("subtotal = sum(item['quantity'] * item['unit_price'] for item in items)") && s.includes('tax = subtotal * tax_rate') && s.includes('total = subtotal + tax') && s.includes('f"${tax:.2f}"');
  const items = Array.isArray(d?.items) ? d.items : [];
  if (!formulas || !items.length || !Number.isFinite(Number(d.tax_rate))) return null;
  const exact = items.reduce((a, it) => a + Number(it.quantity) * Number(it.unit_price), 0);
  const net = Math.round(exact * 100);
  const tax = Math.round(exact * Number(d.tax_rate) * 100);
  const gross = Math.round(exact * (1 + Number(d.tax_rate)) * 100);
  if (net + tax !== gross) return null;
  return {
    type: 'invoice',
    sender_name: d.business_name,
    recipient_name: d.customer_name,
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(gross),
  };
}

/**
 * Round 24. aslak01/ocamlinvoice (OCaml, a hand-written PDF writer; the first commit "init", Norwegian: FAKTURA, NOK,
 * "kr"): `invoice.pdf`, printed by `main.ml <json>` from `example-invoice.json` (the only data file of that commit with
 * the page's parties). `invoice_layout.ml` sums the lines' prices and, with `vat.enabled` false, prints that sum as
 * the total without a tax line. Mapped: number, invoice and due date (the ISO date part), currency (`currency.short`),
 * the two parties, the total as gross. Not mapped: the organisation numbers (no VAT ids), the IBAN (its check digits
 * fail mod 97), the BIC (no truth field).
 */
function ocamlinvoiceExampleJson([data, layout]) {
  let d;
  try { d = JSON.parse(String(data ?? '')); } catch { return null; }
  const l = String(layout ?? '');
  const states = l.includes('let subtotal = List.fold_left (fun acc line -> acc +. (float_of_string line.price)) 0.0 invoice_data.lines in') && l.includes('if invoice_data.vat.enabled then');
  const lines = Array.isArray(d?.lines) ? d.lines : [];
  if (!states || !lines.length || d.vat?.enabled !== false) return null;
  const day = (v) => /^(\d{4}-\d{2}-\d{2})/.exec(String(v ?? ''))?.[1];
  const m = d.invoiceMeta ?? {};
  const ibanOk = (v) => {
    const s = String(v ?? '').replace(/\s+/g, '').toUpperCase();
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
    const digits = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    return [...digits].reduce((r, c) => (r * 10 + Number(c)) % 97, 0) === 1;
  };
  return {
    type: 'invoice',
    document_number: m.invoiceNumber?.value,
    issue_date: day(m.invoiceDate?.value),
    payment_due_date: day(m.dueDate?.value),
    currency: d.currency?.short,
    sender_name: d.yourCompany?.name,
    recipient_name: d.customer?.name,
    iban: ibanOk(d.yourBank?.iban) ? iban(d.yourBank.iban) : undefined,
    gross_amount: money(lines.reduce((s, x) => s + cents(x.price), 0)),
  };
}

/**
 * Round 25. derek-chan/invoice-generator (R: R Markdown rendered to HTML, printed by pagedown's Chromium; bilingual
 * English / French): `Invoice-Facture-0002.pdf`, printed by `run.R` (`invoice_number="2"`, padded to four digits) from
 * `invoice_generation.Rmd`, which reads the rows of `invoice_input.csv` whose `invoice_no` is that number. The Rmd
 * prints the issuer's name as a literal of its header, "Billed to" the first line of the first row's `bill_to`,
 * "Date issued" the first row's `date_issue` (m/d/yy), "Date due" that date + 14, each line's total quantity × amount,
 * "Subtotal" and "Amount due" Σ of the totals and "Tax" the literal "$0.00". Taken only when the Rmd still states
 * those formulas and literals. Not mapped: the currency (only "$" is printed), the bank account (no IBAN).
 */
function derekChanInvoiceRmd([csv, rmd, run]) {
  const r = String(rmd ?? '');
  const states = r.includes('input_values <- cbind(input_values,total=input_values$quantity*input_values$amount)')
    && r.includes('date_due <- as.Date(input_values[1,]$date_issue)+14')
    && r.includes('c("Tax | *Taxe*","","","$0.00")')
    && r.includes('paste("**$",format(round(sum(input_values$total),2),nsmall=2,big.mark=","),"**",sep="")')
    && r.includes('input_values$date_issue <- as.Date(input_values$date_issue,format="%m/%d/%y")');
  const number = /\ninvoice_number="(\d+)"/.exec(String(run ?? ''))?.[1];
  const sender = /<span class=right><br\/><br\/><span id="highlight">([^<]+)<\/span>/.exec(r)?.[1];
  if (!states || !number || !sender) return null;
  const rows = String(csv ?? '').replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim()).map((l) => l.split(','));
  const head = rows.shift() ?? [];
  if (head.join(',') !== 'invoice_no,date_issue,description,amount,quantity,bill_to' || rows.some((x) => x.length !== 6)) return null;
  const mine = rows.filter((x) => x[0] === number);
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(mine[0]?.[1] ?? '');
  if (!mine.length || !m || mine.some((x) => !Number.isFinite(Number(x[3])) || !Number.isFinite(Number(x[4])))) return null;
  const issue = `20${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  const total = mine.reduce((s, x) => s + Math.round(cents(x[3]) * Number(x[4])), 0);
  return {
    type: 'invoice',
    document_number: number.padStart(4, '0'),
    issue_date: issue,
    payment_due_date: addDays(issue, 14),
    sender_name: sender.trim(),
    recipient_name: mine[0][5].split(/<br\s*\/?>/i)[0].trim(),
    net_amount: money(total),
    tax_total: money(0),
    gross_amount: money(total),
  };
}

/**
 * Round 25. RusmirOmerovic/Rechnungsprogramm (Python, fpdf2; German; the first commit "Initialer Commit: Rechnungsprogramm
 * mit PDF, CSV und XML Export"): `daten/2504-01_2025-04-28_06-40.pdf`, written by `rechnung.py` in one run together with
 * the `.csv` (and `.txt`, `.xml`) of the same name from the same product list. `pdf_export.py` prints per line
 * Preis × Menge and its tax at the line's rate, then "Nettosumme", "Gesamte MwSt" and "Bruttosumme" (sums, two
 * decimals, "€"). Taken only when the script still states those formulas, the CSV's line totals and taxes follow them
 * and all lines share one rate (the tax row). Not mapped: the number and date (only in the file name), the one address
 * block (the script asks for it as "Firmendaten" but stores it as `kundendaten`: its role is not stated unambiguously).
 */
function rechnungsprogrammCsvPy([csv, script]) {
  const s = String(script ?? '');
  const states = s.includes('gesamt = preis * menge') && s.includes('steuer_betrag = gesamt * (steuersatz / 100)')
    && s.includes('f"Nettosumme: {netto_summe:.2f} €"') && s.includes('f"Gesamte MwSt: {steuer_summe:.2f} €"') && s.includes('f"Bruttosumme: {brutto_summe:.2f} €"')
    && s.includes('text="🧾 Rechnung"');
  const rows = String(csv ?? '').replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim()).map((l) => l.split(','));
  const head = rows.shift() ?? [];
  if (!states || head.join(',') !== 'Produkt,Preis,Menge,Gesamt,Steuersatz (%),Steuerbetrag (€)' || !rows.length || rows.some((x) => x.length !== 6)) return null;
  const rates = new Set(rows.map((x) => Number(x[4])));
  const lines = rows.map(([, preis, menge, gesamt, rate, steuer]) => ({ net: Math.round(cents(preis) * Number(menge)), rate: Number(rate), printedNet: cents(gesamt), printedTax: cents(steuer) }));
  const consistent = lines.every((l) => Number.isInteger(l.net) && l.net === l.printedNet && Math.round((l.net * l.rate) / 100) === l.printedTax);
  if (rates.size !== 1 || !consistent) return null;
  const [rate] = rates;
  const net = lines.reduce((a, l) => a + l.net, 0);
  const taxExact = lines.reduce((a, l) => a + (l.net * l.rate) / 100, 0);
  const tax = Math.round(taxExact);
  const gross = Math.round(net + taxExact);
  if (net + tax !== gross) return null;
  return {
    type: 'invoice',
    currency: 'EUR',
    net_amount: money(net),
    tax_total: money(tax),
    gross_amount: money(gross),
    tax_breakdowns: moneyRows([{ tax_rate: rate, taxable_amount: net, tax_amount: tax }]),
  };
}

export const TEMPLATE_DATA = { 'pandoc-invoice-yaml': pandocInvoiceYaml, 'typst-invoice-toml': typstInvoiceToml, 'faktura-edn': fakturaEdn, 'ksef-fa-xml': ksefFaXml, 'pdf-invoice-payload': pdfInvoicePayload, 'gobl-envelope': goblEnvelope, 'invoice-generator-pdf-json': invoiceGeneratorPdfJson, 'invoicegenerator-crystal': invoicegeneratorCrystal, 'invoice-maker-typ': invoiceMakerTyp, 'invoice-maker-yaml': invoiceMakerYaml, 'invoice-printer-rb': invoicePrinterRb, 'microinvoice-ts': microinvoiceTs, 'alexaltea-invoice-json': alexalteaInvoiceJson, 'domonda-invoice-jsonc': domondaInvoiceJsonc, 'austrian-invoice-template-json': austrianInvoiceTemplateJson, 'bizdocgen-yaml': bizdocgenYaml, 'docca-invoice-json': doccaInvoiceJson, 'pdf-light-example-ts': pdfLightExampleTs, 'dapper-invoice-yaml': dapperInvoiceYaml, 'invoice-generator-cfg': invoiceGeneratorCfg, 'yoyodyne-yaml': yoyodyneYaml, 'pompeu-invoice-json': pompeuInvoiceJson, 'invoice-dataset-json': invoiceDatasetJson, 'invoice-compiler-yml': invoiceCompilerYml, 'signed-invoice-readme': signedInvoiceReadme, 'latex-rechnung-tex': latexRechnungTex, 'maroto-billing-go': marotoBillingGo, 'rust-invoice-main': rustInvoiceMain, 'gst-invoice-json': gstInvoiceJson, 'toggl-mock-invoice-py': togglMockInvoicePy, 'invoice-as-a-service-readme': invoiceAsAServiceReadme, 'lesterpig-invoice-yml': lesterpigInvoiceYml, 'invoice-it-test-js': invoiceItTestJs, 'pdf-puppet-yml': pdfPuppetYml, 'brand-invoice-md': brandInvoiceMd, 'tincture-invoice-exs': tinctureInvoiceExs, 'compose-pdf-invoice-kt': composePdfInvoiceKt, 'amit-invoice-py': amitInvoicePy, 'reportflow-input-json': reportflowInputJson, 'gompdf-invoice-go': gompdfInvoiceGo, 'isdoc-xml': isdocXml, 'reportbro-definition-json': reportbroDefinitionJson, 'pdfme-template-json': pdfmeTemplateJson, 'sahar-invoice-go': saharInvoiceGo, 'docmosis-demo-data-js': docmosisDemoDataJs, 'pyinvoice-readme': pyinvoiceReadme, 'invoice-pdfkit-run-ts': invoicePdfkitRunTs, 'simple-invoice-batch': simpleInvoiceBatch, 'nfe-danfe-xml': nfeDanfeXml, 'dzishy-input-json': dzishyInputJson, 'gophercises-invoice-go': gophercisesInvoiceGo, 'pdfgen-poc-main-go': pdfgenPocMainGo, 'yaml2pdf-invoice-yaml': yaml2pdfInvoiceYaml, 'br-danfe-nfe-xml': brDanfeNfeXml, 'nfedanfe-nfe-xml': nfedanfeNfeXml, 'super-facture-main-java': superFactureMainJava, 'latex-rechnung-chgrl-tex': latexRechnungChgrlTex, 'typst-business-invoice-json': typstBusinessInvoiceJson, 'cco-invoice-typ': ccoInvoiceTyp, 'facturation-weasyprint-py': facturationWeasyprintPy, 'geffrey-factura-compleja-py': geffreyFacturaComplejaPy, 'cream-invoice-notebook': creamInvoiceNotebook, 'coba-pdf-index-js': cobaPdfIndexJs, 'simple-invoice-generator-yml': simpleInvoiceGeneratorYml, 'gst-invoice-generator-json': gstInvoiceGeneratorJson, 'kenya-invoice-generator-py': kenyaInvoiceGeneratorPy, 'swiss-qr-bill-json': swissQrBillJson, 'md2pdf-invoice-py': md2pdfInvoicePy, 'fop-invoice-data-xml': fopInvoiceDataXml, 'fop-orders-xml': fopOrdersXml, 'abt-seeds-rb': abtSeedsRb, 'ryota-typst-invoice-lib': ryotaTypstInvoiceLib, 'kaat-typst-faktura': kaatTypstFaktura, 'make-invoice-context-json': makeInvoiceContextJson, 'billino-demo-pdf-py': billinoDemoPdfPy, 'ocr-docs-synthetic-label-json': ocrDocsSyntheticLabelJson, 'quarto-aus-invoice-qmd': quartoAusInvoiceQmd, 'vault-dte-facturas-json': vaultDteFacturasJson, 'unforswearing-typst-invoice-json': unforswearingTypstInvoiceJson, 'kingamal-create-invoice-py': kingamalCreateInvoicePy, 'ocamlinvoice-example-json': ocamlinvoiceExampleJson, 'derek-chan-invoice-rmd': derekChanInvoiceRmd, 'rechnungsprogramm-csv-py': rechnungsprogrammCsvPy };

/** eval-generic's truth fields from a data file (or the list of texts of several) of the named format; empty values dropped. */
export function templateDataTruth(format, text, path) {
  const adapter = TEMPLATE_DATA[format];
  if (!adapter) throw new Error(`unknown template data format ${format}`);
  // `path`: the PDF's path, for data files that describe several documents (a batch run's report).
  return truthFromTemplateData(adapter(text, path));
}

/** The stored truth (docs/<id>.truth.json) as eval-generic reads it: known fields with a value only. */
export function truthFromTemplateData(json) {
  if (!json?.document_number && !json?.gross_amount) return null;
  const truth = {};
  for (const k of FIELDS) {
    const v = json[k];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    truth[k] = v;
  }
  return truth;
}
