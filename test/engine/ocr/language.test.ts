// A page whose words are French is read a second time by the French model, and its words take their
// accents from that reading ("Hôtel", "Lefèvre"; the default German model reads "Hötel", "Lefevre").
// Numbers stay the default reading's (the French model drops the point of "9.41$"). German, English
// and bilingual pages keep the default model's single reading.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { languageRereads, ocrImage, terminateOcr, type OcrResult } from '../../../engine/ocr/index.js';
import { accentsFrom, pageLanguage } from '../../../engine/ocr/language.js';
import { CZECH_INVOICE_LINES, drawInvoicePage, FRENCH_INVOICE_LINES, INVOICE_LINES, SPANISH_INVOICE_LINES } from './pages.js';

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
  it('names Spanish, Italian, Portuguese, Polish and Czech pages as the German model reads them (accents5)', () => {
    assert.equal(pageLanguage(words('Factura N° F-2024-118 con fecha 12/03/2024 Cliente Construcciones Nunez Descripcion Cantidad Precio Importe Base imponible IVA 10 % Total Forma de pago transferencia a la cuenta del cliente Vencimiento')), 'spa');
    assert.equal(pageLanguage(words('Fattura n. 118 del 12/03/2024 Cliente Rossi Descrizione Quantita Prezzo Importo Totale imponibile IVA 22 % Totale documento Pagamento bonifico Scadenza della fattura Partita IVA Codice fiscale')), 'ita');
    assert.equal(pageLanguage(words('Fatura n.o 118 Data de emissao 12/03/2024 Cliente Joao da Silva Descricao dos servicos Quantidade Preco Valor Total sem IVA 23 % Total com IVA Pagamento em transferencia ate a data de vencimento do documento')), 'por');
    assert.equal(pageLanguage(words('Faktura VAT nr 118 Data wystawienia 12.03.2024 Sprzedawca Nabywca NIP Nazwa Ilosc Cena netto Wartosc netto Stawka VAT Kwota VAT Razem do zaplaty Termin platnosci Sposob platnosci przelew')), 'pol');
    assert.equal(pageLanguage(words('Faktura danovy doklad cislo 2024118 Dodavatel Odberatel ICO DIC Datum vystaveni Datum splatnosti Polozka Mnozstvi Cena za polozku Celkem bez DPH DPH Celkem k uhrade Platba na ucet dodavatele')), 'ces');
  });
  it('ignores punctuation around a word and letter case', () => {
    assert.equal(pageLanguage(words('(Facture) TVA: Montant, TTC; «Paiement» LES DES')), 'fra');
  });
});

describe('accentsFrom', () => {
  const at = (x: number) => ({ x, y: 10, w: 50, h: 12 });
  it('takes a word\'s accents from the French reading of the same place', () => {
    const first = [{ text: 'Hötel', bbox: at(0) }, { text: 'Lefevre', bbox: at(100) }, { text: 'Ech&ance', bbox: at(200) }, { text: 'QTE', bbox: at(300) }];
    const own = [{ text: 'Hôtel', bbox: at(2) }, { text: 'Lefèvre', bbox: at(101) }, { text: 'Échéance', bbox: at(199) }, { text: 'QTÉ', bbox: at(300) }];
    assert.deepEqual(accentsFrom(first, own), [{ index: 0, text: 'Hôtel' }, { index: 1, text: 'Lefèvre' }, { index: 2, text: 'Échéance' }, { index: 3, text: 'QTÉ' }]);
  });
  it('takes an accented letter the German model lacks where it read another letter (accents5)', () => {
    const first = [{ text: 'Pfibram', bbox: at(0) }, { text: 'vystavenf', bbox: at(100) }, { text: 'Eislo', bbox: at(200) }, { text: 'daMovy', bbox: at(300) }];
    const own = [{ text: 'Příbram', bbox: at(0) }, { text: 'vystavení', bbox: at(100) }, { text: 'číslo', bbox: at(200) }, { text: 'daňový', bbox: at(300) }];
    assert.deepEqual(accentsFrom(first, own), [{ index: 0, text: 'Příbram' }, { index: 1, text: 'vystavení' }, { index: 2, text: 'číslo' }, { index: 3, text: 'daňový' }]);
  });
  it('keeps numbers, other letters and words elsewhere on the page as the first reading has them', () => {
    const first = [{ text: '9.41$', bbox: at(0) }, { text: 'töte', bbox: at(100) }, { text: 'Arts', bbox: at(200) }, { text: 'Lyon', bbox: at(300) }, { text: 'Illimites', bbox: at(400) }];
    const own = [{ text: '941$', bbox: at(0) }, { text: 'tête', bbox: at(100) }, { text: 'Arts', bbox: at(200) }, { text: 'Lyön', bbox: at(340) }, { text: 'Illimitées', bbox: at(400) }];
    assert.deepEqual(accentsFrom(first, own), []);
  });
});


describe('ocrImage on a French page', () => {
  let french: OcrResult;
  let german: OcrResult;
  let rereadsBefore = 0;
  let rereadsAfterFrench = 0;
  before(async () => {
    rereadsBefore = languageRereads.fra ?? 0;
    french = await ocrImage(drawInvoicePage(FRENCH_INVOICE_LINES).png);
    rereadsAfterFrench = languageRereads.fra ?? 0;
    german = await ocrImage(drawInvoicePage(INVOICE_LINES).png);
  });
  after(async () => {
    await terminateOcr();
  });

  it('takes its accents from the French model, and accented names keep them', () => {
    assert.equal(french.languages, 'deu+fra');
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
    const r = await ocrImage(drawInvoicePage(FRENCH_INVOICE_LINES).png, { languages: 'deu' });
    assert.equal(r.languages, 'deu');
  });
});

describe('ocrImage on Spanish and Czech pages (accents5)', () => {
  let spanish: OcrResult;
  let czech: OcrResult;
  before(async () => {
    spanish = await ocrImage(drawInvoicePage(SPANISH_INVOICE_LINES).png);
    czech = await ocrImage(drawInvoicePage(CZECH_INVOICE_LINES).png);
  });
  after(async () => {
    await terminateOcr();
  });

  it('takes a Spanish page\'s accents from the Spanish model', () => {
    assert.equal(spanish.languages, 'deu+spa');
    const text = spanish.words.map((w) => w.text).join(' ');
    for (const word of ['Ibáñez', 'Núñez', 'Descripción', 'Panadería']) assert.ok(text.includes(word), `${word} in: ${text}`);
    for (const amount of ['27,00', '2,70', '29,70', '12/03/2024']) assert.ok(text.includes(amount), `${amount} in: ${text}`);
  });

  it('takes a Czech page\'s accents from the Czech model', () => {
    assert.equal(czech.languages, 'deu+ces');
    const text = czech.words.map((w) => w.text).join(' ');
    for (const word of ['Nový', 'Dvořák', 'Příbram', 'vystavení']) assert.ok(text.includes(word), `${word} in: ${text}`);
    for (const amount of ['27,00', '3,24', '30,24', '12.03.2024']) assert.ok(text.includes(amount), `${amount} in: ${text}`);
  });
});
