// Ambiguous currency symbols and day/month order (issue 14, currency16). "$" is the currency of
// seven countries, "kr" of four, "¥" of two: the page says which (a printed ISO code, a tax
// registration, an address, a phone prefix, the language), and a symbol with two countries on the
// page, or "kr" with none, gives no currency. Slash and dash dates that read both ways take the
// page's order: a date that reads one way only, the page's country, a US address.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findCurrencies, pageCountries, pageCountry } from '../../../engine/extract/normalize/currency.js';
import { findDates, inferDayOrder } from '../../../engine/extract/normalize/date.js';
import { documentDayOrder } from '../../../engine/extract/dates.js';
import { run, type Lines } from './fixtures/run.js';

/** An English invoice priced with `sign` before (or after, `after`) its amounts; `sender` / `footer` add the country cues. */
function page(o: { sign?: string; after?: boolean; sender?: string[]; footer?: string[]; date?: string; words?: [string, string, string, string] } = {}): Lines {
  const sign = o.sign ?? '$';
  const m = (a: string) => (o.after ? `${a} ${sign}` : `${sign}${a}`);
  const [title, sub, tax, total] = o.words ?? ['Invoice', 'Subtotal', 'Tax 10%', 'Total'];
  return [
    [56, 50, 15, 'Brightwater Supplies'],
    ...(o.sender ?? ['12 Harbor Road']).map((t, i): Lines[number] => [56, 64 + i * 11, 9, t]),
    [56, 165, 10, 'Kestrel Design'],
    [56, 178, 10, '400 Lake Street'],
    [360, 160, 9, 'Invoice no.: BW-2026-118'],
    [360, 173, 9, `Invoice date: ${o.date ?? '2026-03-04'}`],
    [56, 270, 16, title],
    [56, 330, 9, 'Qty'], [100, 330, 9, 'Description'], [500, 330, 9, 'Amount'],
    [56, 346, 9, '4'], [100, 346, 9, 'Shelving units'], [490, 346, 9, m('1,000.00')],
    [330, 420, 10, sub], [490, 420, 10, m('1,000.00')],
    [330, 434, 10, tax], [495, 434, 10, m('100.00')],
    [330, 448, 10, total], [490, 448, 10, m('1,100.00')],
    ...(o.footer ?? []).map((t, i): Lines[number] => [56, 780 + i * 10, 7, t]),
  ];
}
const currency = (lines: Lines) => run(lines).fields.currency.value;

describe('a bare "$" takes the country of the page (currency16)', () => {
  it('no country on the page: US dollars, as on every openable document printing a bare "$"', () => {
    assert.equal(currency(page()), 'USD');
    assert.equal(currency(page({ sender: ['12 Harbor Road, Springfield, IL 62704'] })), 'USD');
  });

  it('a Canadian page: HST number, province and postcode', () => {
    assert.equal(currency(page({ sender: ['88 King Street West', 'Toronto, ON M5V 2T6'], footer: ['HST Reg. No. 123456789 RT0001'] })), 'CAD');
    assert.equal(currency(page({ sender: ['1200 Rue Sainte-Catherine', 'Montréal QC H3B 1K9'] })), 'CAD');
  });

  it('an Australian page: ABN, state and postcode', () => {
    assert.equal(currency(page({ sender: ['Level 4, 60 Martin Place', 'Sydney NSW 2000'], footer: ['ABN 51 824 753 556'], words: ['Tax Invoice', 'Subtotal', 'GST 10%', 'Total'] })), 'AUD');
  });

  it('a New Zealand page, a Singapore page, a Hong Kong page, a Mexican one', () => {
    assert.equal(currency(page({ sender: ['21 Queen Street', 'Auckland 1010, New Zealand'], footer: ['GST No. 123-456-789'] })), 'NZD');
    assert.equal(currency(page({ sender: ['10 Anson Road', 'Singapore 079903'], footer: ['GST Reg. No. 201912345K'] })), 'SGD');
    assert.equal(currency(page({ sender: ['88 Queensway, Admiralty', 'Hong Kong'] })), 'HKD');
    assert.equal(currency(page({ sender: ['Av. Reforma 222', 'Ciudad de México'], footer: ['RFC: BSU010203AB1'] })), 'MXN');
  });

  it('an ISO code printed on the page beats the symbol and the address', () => {
    assert.equal(currency(page({ sender: ['12 Harbor Road, Springfield, IL 62704'], footer: ['All amounts in CAD'] })), 'CAD');
    assert.equal(currency(page({ sender: ['Sydney NSW 2000'], footer: ['ABN 51 824 753 556', 'Amounts in USD'] })), 'USD');
  });

  it('a code or prefix that is not about money names no country', () => {
    // "CAD" as drawings, "+45 %" as a rise, "ACT 1987" as a statute: still US dollars.
    assert.equal(currency(page({ footer: ['CAD drawings and site survey included', 'Prices +45 % since 2020', 'CONSUMER ACT 1987'] })), 'USD');
    assert.deepEqual(pageCountries('CAD drawings · +45 % · ACT 1987'), [[], [], []]);
    assert.deepEqual(pageCountries('Tel. +45 33 12 34 56 · Amount (CAD)'), [['CA'], [], ['DK']]);
    // New Mexico is a US state, not Mexico.
    assert.deepEqual(pageCountries('Albuquerque, New Mexico 87102'), [[], [], []]);
    assert.equal(pageCountry('1 Plaza Way, Albuquerque, NM 87102, New Mexico'), 'US');
  });

  it('a tax registration outranks an address; two countries at one level give no currency', () => {
    // A Canadian issuer billing a US customer: the HST number decides.
    assert.equal(currency(page({ sender: ['Toronto, ON M5V 2T6', 'Bill to: Springfield, IL 62704'], footer: ['HST # 123456789 RT0001'] })), 'CAD');
    // Two addresses and nothing else: Canadian or US dollars, no telling.
    const r = run(page({ sender: ['Toronto, ON M5V 2T6', 'Ship to: Springfield, IL 62704'] }));
    assert.equal(r.fields.currency.value, null);
    assert.equal(r.fields.gross_amount.value, '1100.00');
  });

  it('prefixed dollar signs read directly', () => {
    for (const [sign, code] of [['US$', 'USD'], ['A$', 'AUD'], ['AU$', 'AUD'], ['C$', 'CAD'], ['CA$', 'CAD'], ['NZ$', 'NZD'], ['S$', 'SGD'], ['SG$', 'SGD'], ['HK$', 'HKD'], ['MX$', 'MXN'], ['R$', 'BRL']]) {
      assert.equal(findCurrencies(`Total ${sign}1,100.00`)[0]?.code, code, sign);
      // The prefix beats the page's country.
      assert.equal(findCurrencies(`Total ${sign}1,100.00`, pageCountries('Toronto, ON M5V 2T6'))[0]?.code, code, sign);
    }
  });
});

describe('"kr" is the crown of the page\'s country', () => {
  const crowns = (sender: string[], footer: string[], words?: [string, string, string, string]) => currency(page({ sign: 'kr', after: true, sender, footer, ...(words ? { words } : {}) }));
  it('Swedish, Norwegian, Danish pages', () => {
    assert.equal(crowns(['Storgatan 1', '111 22 Stockholm'], ['Bankgiro 123-4567 · Godkänd för F-skatt'], ['Faktura', 'Summa', 'Moms 25%', 'Att betala']), 'SEK');
    assert.equal(crowns(['Karl Johans gate 1', '0154 Oslo'], ['Org.nr. 987 654 321 MVA'], ['Faktura', 'Sum', 'MVA 25%', 'Å betale']), 'NOK');
    assert.equal(crowns(['Strøget 1', '1160 København K'], ['CVR-nr. 12345678'], ['Faktura', 'Subtotal', 'Moms 25%', 'At betale']), 'DKK');
  });
  it('no country: no currency (four crowns, no telling which)', () => {
    assert.equal(crowns(['Storgatan 1'], []), null);
    assert.equal(findCurrencies('Total 1 100,00 kr').length, 0);
    assert.equal(findCurrencies('Total 1 100,00 kr', pageCountries('Bankgiro 123-4567'))[0]?.code, 'SEK');
    // "kr" away from an amount is no currency (an abbreviation in running text).
    assert.equal(findCurrencies('Kr. Hansen', pageCountries('Bankgiro 123-4567')).length, 0);
  });
});

describe('"¥": yen unless the page is Chinese', () => {
  it('reads JPY by default and CNY on a Chinese page', () => {
    assert.equal(findCurrencies('合計 ¥110,000')[0]?.code, 'JPY');
    assert.equal(findCurrencies('合计 ¥1,100.00', pageCountries('增值税专用发票 人民币'))[0]?.code, 'CNY');
    assert.equal(pageCountry('株式会社 東京都'), 'JP');
  });
});

describe('day/month order of slash and dash dates (currency16)', () => {
  const issue = (lines: Lines) => run(lines).fields.issue_date.value;
  it('a dash date reads month first in the US ("12-25-2026" was no date at all)', () => {
    assert.equal(findDates('Date: 12-25-2026', 'mdy')[0]?.value, '2026-12-25');
    assert.equal(findDates('Date: 12-25-2026', null)[0]?.value, '2026-12-25');
    assert.equal(inferDayOrder('Delivered 12-25-2026'), 'mdy');
    assert.equal(inferDayOrder('Geliefert 25-12-2026'), 'dmy');
    // A code whose middle part is no day decides nothing.
    assert.equal(inferDayOrder('Ref 12-34-56'), null);
  });
  it('another date on the page that reads one way fixes a dash date', () => {
    assert.equal(issue(page({ date: '03-04-2026', footer: ['Shipped 03-28-2026'] })), '2026-03-04');
    assert.equal(issue(page({ date: '03-04-2026', footer: ['Shipped 28-03-2026'] })), '2026-04-03');
  });
  it('a dotted date is day first whatever the page', () => {
    assert.equal(findDates('03.04.2026', 'mdy')[0]?.value, '2026-04-03');
  });
  it('a US address on an English page: month first; with nothing else: no date', () => {
    assert.equal(issue(page({ date: '03/04/2026', sign: '', sender: ['12 Harbor Road, Springfield, IL 62704'] })), '2026-03-04');
    assert.equal(issue(page({ date: '03-04-2026', sign: '', sender: ['12 Harbor Road, Springfield, IL 62704'] })), '2026-03-04');
    assert.equal(issue(page({ date: '03-04-2026', sign: '' })), null);
    assert.equal(documentDayOrder('Invoice date: 03/04/2026  Springfield, IL 62704'), 'mdy');
  });
  it('an Australian or New Zealand page priced in "$" is day first', () => {
    assert.equal(issue(page({ date: '03/04/2026', sender: ['Sydney NSW 2000'], footer: ['ABN 51 824 753 556'] })), '2026-04-03');
    assert.equal(issue(page({ date: '03-04-2026', sender: ['Auckland 1010, New Zealand'] })), '2026-04-03');
  });
  it('a Canadian page writes dates both ways: its dollar decides nothing', () => {
    assert.equal(documentDayOrder('Invoice date: 03/04/2026  Toronto, ON M5V 2T6  Total $1,100.00'), null);
    assert.equal(issue(page({ date: '03/04/2026', sender: ['Toronto, ON M5V 2T6'] })), null);
  });
});
