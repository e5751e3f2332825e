// New evidence per field (issue 14, `evidence14`): facts read from the page itself — the value
// printed twice, the sender's name in the web/e-mail domain or on the account-holder line, the
// recipient that is another party, due = issue + printed terms, the date order, a VAT id or IBAN on
// the customer's side. Each is tested present and absent, on facts and on generated pages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { domainSpells, pageDomains, pageEvidence, printedLines, printedTerms, type FactLine, type PageFacts } from '../../../engine/extract/field-agreement.js';
import { FOOTER, LETTERHEAD, META, TITLE, TOTALS, WINDOW, run, type Lines } from './fixtures/run.js';

const at = (text: string, y: number, x = 56, page = 1): FactLine => ({ text, page, x, y });
const facts = (...lines: FactLine[]): PageFacts => ({ lines });
const doubts = (...args: Parameters<typeof pageEvidence>) => pageEvidence(...args).doubts;
const cues = (...args: Parameters<typeof pageEvidence>) => pageEvidence(...args).cues;
const transformsOf = (r: ReturnType<typeof run>, f: string) => (r.fields as Record<string, { provenance: { transforms: string[] } | null }>)[f]?.provenance?.transforms ?? [];

describe('printed twice', () => {
  it('an amount in any of its printed forms, a date in either order, an id without its spaces, a party by its words', () => {
    const lines = [at('Gesamtbetrag 1.190,00 EUR', 400), at('Bitte überweisen Sie 1190,00 € bis zum 14.03.2025', 600), at('Rechnung RE 2025 17 vom 12.02.2025', 150), at('Verwendungszweck: RE-2025-17', 620), at('Nordlicht Technik GmbH · Hafenweg 12', 150), at('Nordlicht Technik GmbH, Sitz Hamburg, HRB 1234', 800)];
    assert.equal(printedLines('gross_amount', '1190.00', lines), 2);
    assert.equal(printedLines('gross_amount', '1000.00', lines), 0);
    assert.equal(printedLines('payment_due_date', '2025-03-14', lines), 1);
    assert.equal(printedLines('document_number', 'RE-2025-17', lines), 2);
    assert.equal(printedLines('sender_name', 'Nordlicht Technik GmbH', lines), 2);
    assert.equal(printedLines('recipient_name', 'Atelier Sonnenberg GmbH', lines), 0);
  });
  it('printed once is a doubt (and with a lone cue the not-agreed one); printed twice is a cue', () => {
    const f = facts(at('Rechnungsnummer: NT-2025-7', 160), at('Verwendungszweck NT-2025-7', 700));
    assert.deepEqual(cues('document_number', 'NT-2025-7', 'single', f, {}), ['printed-twice']);
    assert.deepEqual(doubts('document_number', 'NT-2025-7', 'single', f, {}), []);
    const once = facts(at('Rechnungsnummer: NT-2025-7', 160));
    assert.deepEqual(doubts('document_number', 'NT-2025-7', 'single', once, {}), ['printed-once', 'printed-once-not-agreed']);
    assert.deepEqual(doubts('document_number', 'NT-2025-7', 'agreed', once, {}), ['printed-once']);
  });
});

describe('the sender: domain, account holder', () => {
  it('reads company domains, not mail providers', () => {
    assert.deepEqual(pageDomains([at('info@nordlicht-technik.de · www.nordlicht-technik.de', 800), at('kontakt: m.mueller@gmail.com', 820)]), ['nordlicht-technik']);
    assert.ok(domainSpells('nordlicht-technik', 'Nordlicht Technik GmbH'));
    assert.ok(domainSpells('abcbau', 'ABC Bau GmbH'));
    assert.ok(domainSpells('nt', 'Nordlicht Technik GmbH'));
    assert.ok(!domainSpells('sonnenberg-atelier', 'Nordlicht Technik GmbH'));
  });
  it('a sender printed once with no domain or holder is unsupported; the domain, the holder line or a second line supports it', () => {
    const header = at('Nordlicht Technik GmbH', 50);
    assert.deepEqual(doubts('sender_name', 'Nordlicht Technik GmbH', 'single', facts(header), {}), ['printed-once', 'printed-once-not-agreed', 'sender-unsupported', 'sender-unsupported-not-agreed']);
    assert.deepEqual(pageEvidence('sender_name', 'Nordlicht Technik GmbH', 'single', facts(header, at('www.nordlicht-technik.de', 800)), {}), { cues: ['domain', 'legal-form'], doubts: ['printed-once', 'printed-once-not-agreed'] });
    assert.deepEqual(cues('sender_name', 'Nordlicht Technik GmbH', 'single', facts(header, at('Kontoinhaber: Nordlicht Technik GmbH · IBAN DE02120300000000202051', 800)), {}), ['printed-twice', 'holder', 'legal-form']);
  });
  it('a page whose company domain the sender does not spell clashes', () => {
    const f = facts(at('Atelier Sonnenberg GmbH', 50), at('info@nordlicht-technik.de', 800));
    assert.ok(doubts('sender_name', 'Atelier Sonnenberg GmbH', 'agreed', f, {}).includes('sender-domain-clash'));
    assert.ok(!doubts('sender_name', 'Nordlicht Technik GmbH', 'agreed', f, {}).includes('sender-domain-clash'));
    // No domain printed: no clash.
    assert.ok(!doubts('sender_name', 'Atelier Sonnenberg GmbH', 'agreed', facts(at('Atelier Sonnenberg GmbH', 50)), {}).includes('sender-domain-clash'));
  });
});

describe('the recipient that is another party', () => {
  const page = facts(at('Atelier Sonnenberg GmbH', 165), at('www.nordlicht-technik.de', 800), at('Kontoinhaber: Hafenbau KG', 810));
  it('the sender itself, the page domain, the account holder or a bank', () => {
    assert.ok(doubts('recipient_name', 'Nordlicht Technik GmbH', 'agreed', page, { sender_name: 'Nordlicht Technik' }).includes('recipient-sender-like'));
    assert.ok(doubts('recipient_name', 'Nordlicht Technik AG', 'agreed', page, {}).includes('recipient-sender-like'));
    assert.ok(doubts('recipient_name', 'Hafenbau KG', 'agreed', page, {}).includes('recipient-sender-like'));
    assert.ok(doubts('recipient_name', 'Hamburger Sparkasse', 'agreed', page, {}).includes('recipient-sender-like'));
  });
  it('a customer of its own name is not', () => {
    assert.ok(!doubts('recipient_name', 'Atelier Sonnenberg GmbH', 'agreed', page, { sender_name: 'Nordlicht Technik GmbH' }).includes('recipient-sender-like'));
  });
});

describe('dates: terms and order', () => {
  it('reads terms in days in several languages', () => {
    assert.deepEqual(printedTerms([at('Zahlbar innerhalb von 14 Tagen ohne Abzug', 700), at('Payment terms: Net 30', 720), at('binnen 8 dagen', 740), at('Lieferung 3 Stück', 300)]).sort((a, b) => a - b), [8, 14, 30]);
  });
  it('due = issue + terms is a cue, another due date beside printed terms a doubt, no terms neither', () => {
    const terms = facts(at('Zahlbar innerhalb von 14 Tagen', 700));
    assert.deepEqual(cues('payment_due_date', '2025-02-26', 'single', terms, { issue_date: '2025-02-12' }), ['terms-agree']);
    assert.ok(doubts('payment_due_date', '2025-03-14', 'single', terms, { issue_date: '2025-02-12' }).includes('due-off-terms'));
    assert.ok(!doubts('payment_due_date', '2025-03-14', 'single', facts(at('Fällig am 14.03.2025', 700)), { issue_date: '2025-02-12' }).includes('due-off-terms'));
  });
  it('a due date before the issue date doubts both', () => {
    assert.ok(doubts('payment_due_date', '2025-01-01', 'agreed', facts(), { issue_date: '2025-02-12' }).includes('date-order'));
    assert.ok(doubts('issue_date', '2025-02-12', 'agreed', facts(), { payment_due_date: '2025-01-01' }).includes('date-order'));
    assert.ok(!doubts('issue_date', '2025-02-12', 'agreed', facts(), { payment_due_date: '2025-02-26' }).includes('date-order'));
  });
});

describe("ids on the customer's side", () => {
  it("customer words on the id's line or the line above, or inside the recipient's block", () => {
    const own = at('USt-IdNr. DE811907980', 790);
    const theirs = at('Ihre USt-IdNr.: DE300007331', 230, 360);
    const f = facts(own, theirs, at('Atelier Sonnenberg GmbH', 165), at('DE129273398', 204));
    assert.ok(doubts('sender_vat_number', 'DE300007331', 'agreed', f, {}, { page: 1, x: 360, y: 230 }).includes('recipient-side'));
    assert.ok(!doubts('sender_vat_number', 'DE811907980', 'agreed', f, {}, { page: 1, x: 56, y: 790 }).includes('recipient-side'));
    assert.ok(doubts('sender_vat_number', 'DE129273398', 'agreed', f, {}, { page: 1, x: 56, y: 204 }, { page: 1, x: 56, y: 165 }).includes('recipient-side'));
    const debit = facts(at('Der Betrag wird per Lastschrift von Ihrem Konto abgebucht:', 600), at('IBAN DE89370400440532013000', 614));
    assert.ok(doubts('iban', 'DE89370400440532013000', 'agreed', debit, {}, { page: 1, x: 56, y: 614 }).includes('recipient-side'));
  });
});

describe('page evidence in the extraction result', () => {
  const base: Lines = [...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...TOTALS];
  it('a generated page records the evidence and the page doubts in provenance.transforms', () => {
    const r = run([...base, ...FOOTER, [56, 700, 9, 'Zahlbar innerhalb von 14 Tagen bis 26.02.2025.'], [56, 805, 7, 'www.nordlicht-technik.de']]);
    assert.ok(transformsOf(r, 'sender_name').some((t) => t.startsWith('evidence:') && t.includes('domain')), transformsOf(r, 'sender_name').join(','));
    const due = transformsOf(r, 'payment_due_date');
    assert.ok(due.some((t) => t.startsWith('evidence:') && t.includes('terms-agree')), due.join(','));
    assert.ok(!transformsOf(r, 'sender_name').some((t) => /^doubts:.*sender-/.test(t)));
  });
  it('without the domain and a second sender line, the sender is unsupported', () => {
    const r = run([[56, 50, 15, 'Nordlicht Technik GmbH'], ...WINDOW, ...META, ...TITLE, ...TOTALS, ...FOOTER]);
    const t = transformsOf(r, 'sender_name');
    assert.ok(t.some((x) => /^doubts:.*sender-unsupported/.test(x)), t.join(','));
  });
});
