// The normalizers, each with the cases that break naive parsers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findAmounts, parseAmount, parseRate } from '../../../engine/extract/normalize/amount.js';
import { findDates, inferDayOrder, parseDate } from '../../../engine/extract/normalize/date.js';
import { findCurrencies, normalizeCurrency } from '../../../engine/extract/normalize/currency.js';
import { checkIban, findIbans, recoverIban } from '../../../engine/extract/normalize/iban.js';
import { findBics, normalizeBic } from '../../../engine/extract/normalize/bic.js';
import { findVatIds, germanVatChecksumValid, normalizeVat } from '../../../engine/extract/normalize/vat.js';
import { classifyType } from '../../../engine/extract/normalize/doctype.js';

describe('amounts', () => {
  it('reads every European and English format to dot-decimal', () => {
    const cases: Array<[string, string]> = [
      ['1.234,56', '1234.56'],
      ['1,234.56', '1234.56'],
      ['1 234,56', '1234.56'],
      ['1\u00a0234,56', '1234.56'],
      ["1'234.56", '1234.56'],
      ['-12,00', '-12.00'],
      ['12,00-', '-12.00'],
      ['(12.00)', '-12.00'],
      ['− 756,00', '-756.00'],
      ['€ 399,00', '399.00'],
      ['$4.11', '4.11'],
      ['1.000.000,00 EUR', '1000000.00'],
      ['0,00', '0.00'],
      ['34,73', '34.73'],
    ];
    for (const [raw, want] of cases) assert.equal(parseAmount(raw)?.value, want, raw);
  });

  it('refuses quantities, mixed separators and broken groups', () => {
    for (const raw of ['1.328', '1.234.5', '12,3', '1,23,45', '1.23,45', '12 kWh', 'abc', '1.234,567']) assert.equal(parseAmount(raw), null, raw);
  });

  it('finds amounts in a line and keeps cent prices apart', () => {
    const hits = findAmounts('Umsatzsteuer 19 % auf 502,84 EUR 95,54');
    assert.deepEqual(hits.map((h) => h.value), ['502.84', '95.54']);
    assert.deepEqual(findAmounts('Menge 1.328 kWh').map((h) => h.value), []);
  });

  it('reads rates', () => {
    assert.equal(parseRate('19 %'), '19.00');
    assert.equal(parseRate('7,0%'), '7.00');
    assert.equal(parseRate('5.5 %'), '5.50');
    assert.equal(parseRate('120 %'), null);
  });
});

describe('dates', () => {
  it('reads numeric dates with 2- and 4-digit years', () => {
    assert.equal(parseDate('05.03.2024'), '2024-03-05');
    assert.equal(parseDate('21.05.14'), '2014-05-21');
    assert.equal(parseDate('2014-07-03'), '2014-07-03');
    assert.equal(parseDate('5/3/2024'), '2024-03-05');
    assert.equal(parseDate('03/20/2023', 'mdy'), '2023-03-20');
    assert.equal(parseDate('03/20/2023'), '2023-03-20', 'an impossible d/m reading falls back to m/d');
  });

  it('reads month names in German, English, French, Dutch, Italian and Spanish', () => {
    assert.equal(parseDate('7. Mai 2014'), '2014-05-07');
    assert.equal(parseDate('24. März 2025'), '2025-03-24');
    assert.equal(parseDate('August 3 , 2014'), '2014-08-03');
    assert.equal(parseDate('3rd August 2014'), '2014-08-03');
    assert.equal(parseDate('1er février 2024'), '2024-02-01');
    assert.equal(parseDate('19 april 2014'), '2014-04-19');
    assert.equal(parseDate('12 maart 2023'), '2023-03-12');
    assert.equal(parseDate('15 gennaio 2024'), '2024-01-15');
    assert.equal(parseDate('15 de enero de 2024'), '2024-01-15');
    assert.equal(parseDate('Dec. 31, 2023'), '2023-12-31');
  });

  it('rejects impossible calendar dates and numbers that are not dates', () => {
    assert.equal(parseDate('31.02.2024'), null);
    assert.equal(parseDate('29.02.2023'), null);
    assert.equal(parseDate('29.02.2024'), '2024-02-29');
    assert.deepEqual(findDates('Belegnummer 7157.359.147'), []);
    assert.deepEqual(findDates('1.328 kWh'), []);
  });

  it('infers the day order of a document from unambiguous slash dates', () => {
    assert.equal(inferDayOrder('Invoice Date: 03/20/2023 Due Date: 04/04/2023'), 'mdy');
    assert.equal(inferDayOrder('Datum 20/03/2023, fällig 04/04/2023'), 'dmy');
    assert.equal(findDates('04/04/2023 and 03/05/2023', 'mdy')[1]!.value, '2023-03-05');
  });
});

describe('currencies', () => {
  it('maps symbols and names to ISO 4217', () => {
    assert.equal(normalizeCurrency('€'), 'EUR');
    assert.equal(normalizeCurrency('eur'), 'EUR');
    assert.equal(normalizeCurrency('US$'), 'USD');
    assert.equal(normalizeCurrency('£'), 'GBP');
    assert.equal(normalizeCurrency('CHF'), 'CHF');
    assert.equal(normalizeCurrency('zł'), 'PLN');
    assert.equal(normalizeCurrency('All charges are in US Dollars'), 'USD');
    assert.equal(normalizeCurrency('XYZ'), null);
    assert.deepEqual(findCurrencies('Total € 12,00 and CHF 5.00').map((c) => c.code), ['EUR', 'CHF']);
  });
});

describe('IBAN', () => {
  it('checks country length and mod-97, printed compact or grouped', () => {
    assert.deepEqual(checkIban('DE89 3704 0044 0532 0130 00'), { status: 'valid', iban: 'DE89370400440532013000' });
    assert.deepEqual(checkIban('NL50INGB0683251309'), { status: 'valid', iban: 'NL50INGB0683251309' });
    assert.equal(checkIban('DE89 3704 0044 0532 0130 01').status, 'checksum_failed');
    assert.equal(checkIban('DE89 3704 0044 0532 0130').status, 'invalid', 'too short for DE');
    assert.equal(checkIban('US1234567890').status, 'invalid', 'no IBAN country');
  });

  it('finds IBANs in a line without swallowing the next word', () => {
    const hits = findIbans('IBAN DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX');
    assert.equal(hits.length, 1);
    assert.equal(hits[0]!.check.status, 'valid');
  });

  it('recovers a single-character misread only under Q3 conditions', () => {
    const valid = 'DE89370400440532013000';
    const misread = 'DE89370400440532018000';
    assert.equal(recoverIban(misread, [valid]), valid);
    assert.equal(recoverIban(misread, [valid, valid]), valid, 'the same IBAN printed twice is one distinct IBAN');
    assert.equal(recoverIban(misread, [valid, 'NL50INGB0683251309']), null, 'two distinct valid IBANs: no recovery');
    assert.equal(recoverIban('DE89370400440532888000', [valid]), null, 'more than one character differs');
    assert.equal(recoverIban(misread, []), null);
  });
});

describe('BIC', () => {
  it('checks the format and the country', () => {
    assert.equal(normalizeBic('COBADEFFXXX'), 'COBADEFFXXX');
    assert.equal(normalizeBic('INGBNL2A'), 'INGBNL2A');
    assert.equal(normalizeBic('COBADEFXXX'), null, '10 characters');
    assert.equal(normalizeBic('COBAQQFF'), null, 'QQ is no country');
    assert.deepEqual(findBics('BIC HELADEF1822 ·').map((b) => b.value), ['HELADEF1822']);
  });
});

describe('VAT ids', () => {
  it('checks EU country formats and the German check digit', () => {
    assert.equal(normalizeVat('DE 232 446 240')?.value, 'DE232446240');
    assert.equal(normalizeVat('NL810433941B01')?.value, 'NL810433941B01');
    assert.equal(normalizeVat('ATU12345678')?.country, 'AT');
    assert.equal(normalizeVat('FR40303265045')?.country, 'FR');
    assert.equal(normalizeVat('GR123456789')?.value, 'EL123456789');
    assert.equal(normalizeVat('IT1234567890'), null, 'IT needs 11 digits');
    assert.equal(normalizeVat('DE12345678'), null);
    assert.equal(germanVatChecksumValid('136695976'), true);
    assert.equal(normalizeVat('DE136695977')?.checksum, 'invalid');
  });

  it('finds VAT ids, not IBAN or meter fragments', () => {
    assert.deepEqual(findVatIds('USt-IdNr.: DE325624545 · St.-Nr.').map((v) => v.check.value), ['DE325624545']);
  });

  it('finds an Austrian UID printed in groups ("ATU 73 842 901"; uid30)', () => {
    assert.deepEqual(findVatIds('UID: ATU 73 842 901').map((v) => v.check.value), ['ATU73842901']);
    assert.deepEqual(findVatIds('ATU 738 429 01 · FN 512843 w').map((v) => v.check.value), ['ATU73842901']);
    assert.deepEqual(findVatIds('ATU 73 842 9012'), []);
  });

  it('gives no VAT id the pattern had to shorten inside a longer token', () => {
    // "DE12345618938": eleven digits are no German id; its first nine are no id either.
    assert.deepEqual(findVatIds('UStID#DE12345618938'), []);
    assert.deepEqual(findVatIds('Ref DE123456789X7'), []);
    // Shortened at a space or a word break, the id stands.
    assert.deepEqual(findVatIds('USt-ID DE 232 446 240 12').map((v) => v.check.value), ['DE232446240']);
    assert.deepEqual(findVatIds('DE136695976 Amtsgericht').map((v) => v.check.value), ['DE136695976']);
  });
});

describe('document type', () => {
  it('classifies over the spec list and custom types', () => {
    assert.equal(classifyType({ titles: ['Gutschrift Strom'], hasTotals: true, hasSalutation: true }).value, 'credit-note');
    assert.equal(classifyType({ titles: ['Jahresabrechnung Strom'], hasTotals: true, hasSalutation: true }).value, 'invoice');
    assert.equal(classifyType({ titles: ['FACTUUR.'], hasTotals: true, hasSalutation: false }).value, 'invoice');
    assert.equal(classifyType({ titles: ['Zahlungserinnerung'], hasTotals: true, hasSalutation: true }).value, 'reminder');
    assert.equal(classifyType({ titles: ['Deine Preise ändern sich'], hasTotals: false, hasSalutation: true }).value, 'letter');
    assert.equal(classifyType({ titles: ['Lieferschein 4711'], hasTotals: false, hasSalutation: false }, ['lieferschein']).value, 'lieferschein');
    assert.equal(classifyType({ titles: ['Kontoauszug Nr. 3'], hasTotals: false, hasSalutation: false }).value, 'bank-statement');
    // Compound credit-note titles; an invoice title with a labelled number stays an invoice when
    // its totals were not read (a garbled scan), while a title alone without either is not.
    assert.equal(classifyType({ titles: ['Gutschriftsanzeige Nr. 12'], hasTotals: true, hasSalutation: false }).value, 'credit-note');
    assert.equal(classifyType({ titles: ["Facture d'avoir"], hasTotals: true, hasSalutation: false }).value, 'credit-note');
    assert.equal(classifyType({ titles: ['Rechnung'], hasTotals: false, hasSalutation: false, hasInvoiceNumber: true }).value, 'invoice');
    assert.equal(classifyType({ titles: ['Rechnung'], hasTotals: false, hasSalutation: false }).value, 'other');
  });
});
