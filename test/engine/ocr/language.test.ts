// A page is read again by the French model when its words are French: accented names come back
// with their accents ("Hôtel", "Lefèvre"), which the default German model reads as "Hötel" and
// "Lefevre". German, English and bilingual pages keep the default model's single reading.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { languageRereads, ocrImage, terminateOcr, type OcrResult } from '../../../engine/ocr/index.js';
import { pageLanguage } from '../../../engine/ocr/language.js';
import { drawInvoicePage, INVOICE_LINES } from './pages.js';

const words = (text: string) => text.split(/\s+/);

describe('pageLanguage', () => {
  it('names French for a French invoice page, even as the German model reads its accents', () => {
    assert.equal(pageLanguage(words('Facture N° F-2024-118 Date de la facture 12/03/2024 Hötel des Arts SAS 12 rue des Lilas 75011 Paris Désignation Quantité Prix unitaire HT Montant HT Total TVA 20 % Total TTC Conditions de paiement : à 30 jours')), 'fra');
  });
  it('names German for a German page and English for an English one', () => {
    assert.equal(pageLanguage(words('Rechnung Nr. 2026-0042 Datum 14.03.2026 Müller GmbH Hauptstraße 12 Menge Preis Betrag Summe netto zzgl. MwSt. Bitte zahlen Sie den Betrag bis zum 28.03.2026 auf das Konto der Firma')), 'deu');
    assert.equal(pageLanguage(words('Invoice number 118 Bill to Hotel des Arts Description Quantity Price Amount Subtotal Tax Total due Please pay within 30 days of the invoice date. Thank you for your business')), 'eng');
  });
  it('gives no language for a few words or a page with two languages side by side', () => {
    assert.equal(pageLanguage(words('Facture 118 Total TTC 120,00 €')), null);
    assert.equal(pageLanguage(words('Rechnung / Facture Nr. 118 Datum / Date de la facture Betrag / Montant der Summe pour le total und die TVA les prix mit des remises von den')), null);
  });
  it('ignores punctuation around a word and letter case', () => {
    assert.equal(pageLanguage(words('(Facture) TVA: Montant, TTC; «Paiement» LES DES')), 'fra');
  });
});

const FRENCH_LINES: Array<[string, number, number, number]> = [
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

describe('ocrImage on a French page', () => {
  let french: OcrResult;
  let german: OcrResult;
  let rereadsBefore = 0;
  let rereadsAfterFrench = 0;
  before(async () => {
    rereadsBefore = languageRereads.fra ?? 0;
    french = await ocrImage(drawInvoicePage(FRENCH_LINES).png);
    rereadsAfterFrench = languageRereads.fra ?? 0;
    german = await ocrImage(drawInvoicePage(INVOICE_LINES).png);
  });
  after(async () => {
    await terminateOcr();
  });

  it('is read by the French model, and accented names keep their accents', () => {
    assert.equal(french.languages, 'fra');
    assert.equal(rereadsAfterFrench, rereadsBefore + 1);
    const text = french.words.map((w) => w.text).join(' ');
    for (const word of ['Hôtel', 'Lefèvre', 'République', 'Désignation', 'Quantité', 'Échéance', 'réception']) assert.ok(text.includes(word), `${word} in: ${text}`);
    for (const amount of ['27,00', '1,49', '28,49', '12/03/2024']) assert.ok(text.includes(amount), `${amount} in: ${text}`);
  });

  it('leaves a German page to the default model, read once', () => {
    assert.equal(german.languages, 'deu');
    assert.equal(languageRereads.fra ?? 0, rereadsAfterFrench);
    const text = german.words.map((w) => w.text).join(' ');
    for (const word of ['Müller', 'Hauptstraße', 'Größe', 'prüfen']) assert.ok(text.includes(word), `${word} in: ${text}`);
  });

  it('reads with the languages a caller names, and no other', async () => {
    const r = await ocrImage(drawInvoicePage(FRENCH_LINES).png, { languages: 'deu' });
    assert.equal(r.languages, 'deu');
  });
});
