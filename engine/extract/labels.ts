// Label dictionaries (German, English, French, Dutch, Italian, Spanish, some Polish). A label is matched at
// the start of a text segment; the value sits after it, right of it or below it.

export type LabelField = 'contract_account' | 'other_date' | 'delivery_address' | 'related_document' | 'buyer_reference' | 'document_number' | 'issue_date' | 'payment_due_date' | 'sender_vat_number' | 'recipient_vat' | 'iban' | 'bic' | 'payment_reference' | 'net_amount' | 'gross_amount' | 'tax_amount' | 'sender_name' | 'recipient_name' | 'currency' | 'customer_number';

// Longer alternatives first: the most specific label of a family wins ("date de facture" before "date").
// An apostrophe in a label also matches the typographic ones ("Date d’échéance", round 6);
// OCR returns ‘ ` ´ for it too.
const APOSTROPHE = "['’‘`´]";
// The number sign after "N" may be read by OCR as "®" ("Factura N®: 001" for "Nº"; fold19).
// A label is matched where no letter follows it ("Nr" is no label of "Nrw…"), but one that ends in the number sign
// may have its value glued to it ("N°F-20240000014"; numero32).
const L = (...alts: string[]) => new RegExp(`^(?:${[...alts].sort((a, b) => b.length - a.length).map((a) => a.replace(/'/g, APOSTROPHE)).join('|')})(?:(?<=[°º®])|(?![\\p{L}]))\\s*(?:[:#.®]|n[or°º®]\\.?|nr\\.?|no\\.?)?\\s*[:#]?\\s*`, 'iu');

/** Number words that name no document ("Nr.", "Numéro", "N°" and OCR's "N®" for it, invert31b); Czech "Číslo:" (fold15) only with its colon: "Číslo účtu" is an account. */
const BARE_NUMBER_WORDS = ['nr', 'nummer', 'number', 'num[ée]ro', 'n[°º®]', 'no', 'č[íi]slo(?=\\s*:)'];
/** A document-number label that is only a bare number word. */
export const BARE_NUMBER_LABEL = new RegExp(`^(?:${BARE_NUMBER_WORDS.join('|')})\\W*$`, 'iu');
// Item-table headings, two tests from one word list (cleanup7; merging them into one regex
// changed the measured figures). ITEM_COLUMN: a cell that STARTS with any column's heading,
// amounts included ("Total HT", "Descriptions"), for a date label heading the table.
// ITEM_HEADING: a description / quantity / position WORD anywhere in an amount label's own line,
// never an amount word (every totals line would match); its words end where the letters end
// ("Qté", which a plain `\b` after "é" never matched).
export const ITEM_WORDS = 'description|d[ée]signation|bezeichnung|artikel|omschrijving|qt[ée]|qty|menge|anzahl|aantal';
const ITEM_COLUMN = new RegExp(`^(${ITEM_WORDS}|libell[ée]|beschreibung|leistung|descrizione|descripci[óo]n|quantit|cantidad|prix|price|preis|prijs|prezzo|precio|unit price|einzelpreis|montant|amount|betrag|bedrag|importo|importe|total)`, 'i');

/** How many of a row's cells are item-table column headings (ITEM_COLUMN). */
export const itemColumnCells = (segments: Array<{ text: string }>): number => segments.filter((s) => ITEM_COLUMN.test(s.text.trim())).length;

/** Labels that are headings only (raterows26): their value is the block below, never a cell right of them. */
export const HEADING_ONLY_LABEL = /^auftraggeber(?:in)?$/iu;

export const LABELS: Record<LabelField, RegExp> = {
  document_number: L(
    'rechnungs-?\\s?(?:nummer|nr)', 'rechnung\\s?(?:nr|nummer)', 'gutschrifts-?\\s?(?:nummer|nr)', 'beleg-?\\s?(?:nummer|nr)', 'belegnummer', 'rechnungs-?nr',
    'invoice\\s?(?:number|no|nr|#|id)', 'invoice', 'credit note (?:number|no)', 'bill (?:number|no)', 'document (?:number|no)',
    'num[ée]ro de facture', 'n° de facture', 'facture n°?', 'factuur\\s?(?:nummer|nr)', 'factuurnummer', 'creditnota\\s?(?:nummer|nr)',
    'numero (?:della )?fattura', 'fattura n', 'n\\. fattura', 'n[úu]mero de factura', 'factura n', 'n\\.º factura',
    // French "Référence facture" / "Réf. facture" and English "Invoice reference": the invoice's own number (ref32).
    'r[ée]f[ée]rence (?:de (?:la )?)?facture', 'r[ée]f\\. (?:de (?:la )?)?facture', 'invoice ref(?:erence|\\.)',
    // Spanish (fold28b): the abbreviation "Núm. Factura" / "Núm. de factura".
    'n[úu]m\\. (?:de )?factura',
    // Swedish, Norwegian, Danish, Finnish, Portuguese (vocab28).
    'fakturan(?:ummer|r)', 'laskun (?:numero|nro)', 'laskunumero', 'n[úu]mero da fatura', 'fatura n[º°o]?',
    // Slovak, Hungarian, Romanian, Turkish, Estonian, Latvian, Lithuanian, Croatian, Slovenian (vocab28b).
    // The Salvadoran DTE prints its number as "Número de Control" (a national form's box title; fold28e).
    'n[úu]mero de control',
    '[čc][íi]slo fakt[úu]ry', 'fakt[úu]ra [čc]', 'sz[áa]mlasz[áa]m', 'sz[áa]mla sorsz[áa]ma', 'nr\\.? factur[ăa]', 'num[ăa]r factur[ăa]', 'fatura no', 'fatura numaras[ıi]',
    'arve (?:number|nr)', 'r[ēe][ķk]ina (?:numurs|nr)', 's[ąa]skaitos (?:numeris|nr)', 'broj ra[čc]una', 'ra[čc]un br', '[šs]tevilka ra[čc]una', 'ra[čc]un [šs]t',
    // Polish (fold9): "Faktura nr FV 7/2021", "Faktura VAT nr …", "Numer faktury:".
    'faktura(?: vat)? nr', 'numer faktury', 'nr faktury',
    // English abbreviations (vocab31): "INV#", "Inv. No.", "Inv Nr"; never a bare "Inv".
    'inv\\.?\\s?(?:#|no\\.?|nr\\.?|number)',
    // Titles naming the kind of invoice, over or before its number ("Service invoice / GRT-082").
    '(?:service|sales|commercial) invoice',
    // A title followed by its number ("Rechnung # RE-…", "Invoice INV/…"); weaker, checked by the value.
    'rechnung', 'gutschrift', 'rechnungskorrektur', 'factuur', 'facture', 'fattura', 'factura', 'faktura', 'beleg-?nr',
    // Compound titles ("Handelsrechnung Nr. TX-471102"); the value must hold a digit.
    '\\p{L}+rechnung\\s*(?:nr\\.?|nummer|no\\.?)',
    // Credit notes: "Avoir AV-2017-0005", "Credit note CN-12", "Creditnota 2024-7".
    'avoir', 'avoir n°', "num[ée]ro d'avoir", 'credit note', 'creditnota', 'nota di credito', 'nota de cr[ée]dito',
    // Headings that carry the number ("Tax invoice INV-…", "Proforma-Rechnung Nr. …", "Pro-formafactuur nr. …").
    'tax invoice', 'pro[- ]?forma[- ]?(?:invoice|rechnung|factuur)', 'facture pro[- ]?forma', 'proforma',
    // Bare number words ("Nr.: F-2025-3", "Numéro : …"): only a same-line value with a digit, weaker (candidates.ts).
    ...BARE_NUMBER_WORDS,
    // Japanese (recall22): "請求書番号", "請求番号", "請求書No.".
    '請求書番号', '請求番号', '請求書\\s?no\\.?',
  ),
  issue_date: L(
    // A date that is both the delivery and the invoice date ("Liefer- und Rechnungsdatum").
    'liefer-? und rechnungsdatum', 'rechnungs-? und lieferdatum', 'invoice (?:and|/) delivery date', 'delivery (?:and|/) invoice date',
    'rechnungsdatum', 'belegdatum', 'date de facturation', 'date facture', 'billing date', 'invoice issue date', 'document date', 'factuur datum', 'beleg-datum', 'gutschriftsdatum', 'ausstellungsdatum', 'datum', 'invoice date', 'date of issue', 'issue date', 'date',
    'date de (?:la )?facture', "date d'émission", 'factuurdatum', 'datum factuur', 'data (?:della )?fattura', 'data', 'fecha de (?:la )?factura', 'fecha de emisi[oó]n', 'fecha',
    // Polish (fold9): "Data wystawienia" (date of issue).
    'data wystawienia',
    // Template programs (fold10): "Issuing Date", "Created:" (only with its colon), Czech "Datum vydání".
    'issuing date', 'created(?=\\s*:)', 'datum vyd[áa]n[íi]',
    // English abbreviations and the UK VAT "tax point" (vocab28c): "Inv. Date", "Bill Date", "Tax Point Date".
    'inv\\.? date', 'bill date', 'tax point date',
    // Czech (fold15): "Datum vystavení" (date of issue).
    'datum vystaven[íi]',
    // Indonesian (fold19): "Tanggal" (date), "Tanggal Faktur" / "Tanggal Invoice" (invoice date).
    'tanggal(?: faktur| invoice| terbit)?',
    // Issue dates written as "issued on …" (fold14: round-14 layouts): French "Établie le" / "Émise le",
    // English "Issued on" / "Date issued", German "Ausgestellt am".
    '(?:facture )?[ée]tablie? le', '(?:facture )?[ée]mise? le', 'issued on', 'date issued', 'ausgestellt am',
    // Japanese (recall22): "発行日" / "請求日" (issue), with or without 年月日.
    '発行日', '発行年月日', '請求日', '請求年月日', '請求書発行日',
    // A bare "日付" (date), as a bare "Datum" or "Date" (cjk33).
    '日付',
    // Swedish, Norwegian / Danish, Finnish, Portuguese (vocab28).
    'fakturadatum', 'fakturadato', 'laskun p[äa]iv[äa]m[äa][äa]r[äa]', 'laskup[äa]iv[äa]', 'p[äa]iv[äa]m[äa][äa]r[äa]', 'p[äa]iv[äa]ys', 'data (?:de )?emiss[ãa]o', 'data da fatura',
    // Slovak, Hungarian, Romanian, Turkish, Estonian, Latvian, Lithuanian, Croatian, Slovenian (vocab28b).
    'd[áa]tum (?:vyhotovenia|vystavenia)', 'sz[áa]mla kelte', 'ki[áa]ll[íi]t[áa]s d[áa]tuma', 'kelt', 'data (?:emiterii|facturii)', 'fatura tarihi', 'd[üu]zenleme tarihi', 'tarih',
    'arve kuup[äa]ev', 'kuup[äa]ev', 'izrakst[īi][šs]anas datums', 'r[ēe][ķk]ina datums', 'datums', 'i[šs]ra[šs]ymo data', 's[ąa]skaitos data', 'datum (?:ra[čc]una|izdavanja|izdaje)',
  ),
  payment_due_date: L(
    'f[äa]llig(?:keitsdatum|keitstag| am| bis)?', 'zahlungsziel', 'zahlbar bis', 'due date', 'payment due(?: date)?', 'due', 'pay by', 'vervaldatum', 'te betalen voor',
    "date d'[ée]ch[ée]ance", '[ée]ch[ée]ance', 'scadenza', 'data (?:di )?scadenza', 'fecha de vencimiento', 'vencimiento', 'due on', 'date limite de (?:paiement|r[èe]glement)', '[àa] r[ée]gler avant le', 'uiterste betaaldatum', 'vervaldag', 'f[äa]llig zum',
    // French (fold28c): "Délai de paiement 19.07.22" (payment deadline, Swiss invoices); a term after it ("30 jours") is no date.
    'd[ée]lai de paiement',
    // Polish (fold9): "Termin płatności" (payment term date).
    'termin p[łl]atno[śs]ci', 'termin zap[łl]aty',
    // Czech (fold10): "Datum splatnosti" (due date).
    'datum splatnosti',
    // Swedish, Norwegian, Danish, Finnish, Portuguese (vocab28).
    'f[öo]rfallodatum', 'f[öo]rfallodag', 'sista betalningsdag', 'forfallsdato', 'forfallsdag', 'forfaldsdato', 'forfaldsdag', 'sidste rettidige betalingsdag', 'er[äa]p[äa]iv[äa]', 'data (?:de )?vencimento',
    // Slovak, Hungarian, Romanian, Turkish, Estonian, Latvian, Lithuanian, Croatian, Slovenian (vocab28b).
    'd[áa]tum splatnosti', 'fizet[ée]si hat[áa]rid[őo]', 'esed[ée]kess[ée]g', 'data scaden[țţt]ei', 'scaden[țţt][ăa]', 'vade tarihi', 'son [öo]deme tarihi', 'makset[äa]htaeg', 't[äa]htaeg',
    'apmaksas termi[ņn][šs]', 'apmok[ėe]ti iki', 'mok[ėe]jimo terminas', 'datum dospije[ćc]a', 'rok pla[ćc]anja', 'rok pla[čc]ila', 'datum zapadlosti',
    // "Échéance de paiement" / "de règlement" (fold14: a French freelancer's invoice of round 14).
    '[ée]ch[ée]ance de (?:paiement|r[èe]glement)',
    // Indonesian (fold19): "(Tanggal) Jatuh Tempo" (due date).
    '(?:tanggal )?jatuh tempo',
    // Japanese (recall22): "お支払期限", "お振込期限", "支払期日".
    'お?支払い?期限', 'お?支払い?期日', 'お?振込み?期限', 'お?振込み?期日',
  ),
  sender_vat_number: L(
    'ust-?\\s?id(?:-?nr|entnr)?', 'ust\\.?-?identnr', 'umsatzsteuer-?\\s?id(?:entifikationsnummer)?', 'mwst-?nr', 'vat(?: reg(?:istration)?)?(?: id| no| number| nr)?', 'tax id',
    'n° tva', 'tva intracommunautaire', 'num[ée]ro de tva', 'tva', 'btw(?:-?nummer| nr| id)?', 'p\\.?\\s?iva', 'partita iva', 'nif', 'cif', 'n\\.?i\\.?f\\.?',
    // "TIN" (taxpayer identification number) and the Polish "NIP": only a VAT-shaped value counts (fold9).
    'tin', 'nip',
    // The Austrian "UID" / "UID-Nr." (Umsatzsteuer-Identifikationsnummer; uid30).
    'uid(?:-?nr)?',
    // The German "Wirtschafts-Identifikationsnummer" (vocab31): "DE" and the USt-IdNr.'s nine digits, a five-digit suffix after them.
    'wirtschafts-?\\s?id(?:entifikationsnummer|-?nr)?', 'w-?idnr',
  ),
  recipient_vat: L('ihre ust-?id(?:nr)?', 'kunden-?ust-?id', 'customer vat(?: id| number)?', 'buyer vat', 'votre n° tva', 'uw btw', 'n° tva client', 'tva client', 'num[ée]ro de tva client', 'btw(?:-?nummer)? klant', 'vat (?:id|number) (?:of the )?(?:customer|buyer)'),
  iban: L('iban(?:-?nr)?'),
  bic: L('bic', 'swift(?:-?code)?', 'bic/swift', 'swift/bic'),
  payment_reference: L(
    'verwendungszweck', 'zahlungsreferenz', 'referenz \\(bitte bei zahlung angeben\\)', 'payment reference', 'reference for payment', 'remittance reference',
    'please use the following communication for your payment', 'communication', 'betalingskenmerk', 'r[ée]f[ée]rence de paiement', 'r[ée]f[ée]rence [àa] rappeler', 'causale', 'referencia de pago', 'concepto',
    'mitteilung', 'remittance information', 'payment ref', 'betalingsreferentie', 'mededeling', 'gestructureerde mededeling', 'communication structur[ée]e', 'r[ée]f[ée]rence (?:du |de )?virement', 'r[ée]f[ée]rence [àa] indiquer',
    // Bare words: a payment reference only inside transfer instructions (checked with the value).
    'reference', 'r[ée]f[ée]rence', 'referenz', 'kenmerk',
  ),
  net_amount: L(
    'summe netto', 'nettosumme', 'rechnungssumme ohne (?:ust|mwst)\\.?', '(?:summe|gesamt|betrag) ohne (?:ust|mwst)\\.?', 'netto-?summe', 'nettobetrag', 'netto-?betrag', 'summe (?:der )?(?:rechnungs|gutschrifts)?positionen \\(netto\\)', 'summe nettobetr[äa]ge', 'rechnungssumme netto(?: \\(excl\\. ust\\.\\))?', 'gesamt netto', 'netto gesamt',
    'warenwert netto', '(?:rechnungs|gesamt|end)betrag netto', 'gesamt netto', 'nettobeitrag', 'zwischensumme netto', 'kosten im zeitraum \\(netto\\)', 'netto', 'subtotal', 'sub-total', 'sub total', 'net amount', 'net total', 'total net', 'total excl\\.? (?:vat|tax)', 'amount excl\\.? (?:vat|tax)', 'total before tax', 'untaxed amount',
    'total ht', 'montant ht', 'total hors taxes', 'montant hors taxes', 'total hors tva', 'montant net ht', 'total net ht', 'net ht', 'total exclusive of vat', 'net value', 'totaal exclusief btw', 'bedrag excl\\.? btw', 'sous[- ]total', 'exclusief btw', 'totaal excl\\.? btw', 'subtotaal', 'netto bedrag', 'imponibile', 'totale imponibile', 'base imponible', 'importe neto', 'subtotal',
    // Bare column headings used as labels ("Net", "HT", "Excl. btw").
    'net', 'ht', 'h\\.t\\.', 'excl\\.? btw',
    // A bare "Zwischensumme" (subtotal) over the tax and the total (fold10); the arithmetic checks it.
    'zwischensumme',
    // Czech (fold15): "Celkem bez DPH" (total without VAT).
    'celkem bez dph',
    // Czech (nocents26): "Cena bez daně" (price without tax), a totals block's net.
    'cena bez dan[ěe]',
    // Indian GST (fold19): "(Total) Taxable Value", the base every GST invoice prints before CGST / SGST / IGST.
    '(?:total )?taxable value',
    // Japanese (recall22): "小計", "小計(税抜)", "税抜合計".
    '小計(?:\\s?[(（]税抜き?[)）])?', '税抜き?(?:合計|金額)',
    // Swedish, Norwegian, Danish, Finnish, Portuguese (vocab28): the sum before VAT ("Summa exkl. moms", "Sum eks. mva",
    // "Beløb ekskl. moms", "Veroton yhteensä", "Total sem IVA").
    '(?:summa|belopp|netto) exkl\\.? moms', '(?:sum|bel[øo]p|netto) eks(?:kl)?\\.? mva', '(?:bel[øo]b|i alt|netto) ekskl\\.? moms', 'veroton (?:yhteens[äa]|summa|hinta)', 'yhteens[äa] ilman alv', '(?:total|valor) sem iva', '(?:total|valor) l[íi]quido', 'base tribut[áa]vel',
    // Slovak, Hungarian, Romanian, Turkish, Estonian, Latvian, Lithuanian, Croatian, Slovenian (vocab28b).
    'spolu bez dph', 'z[áa]klad dane', 'nett[óo] [öo]sszes(?:en|, )?', 'nett[óo] [öo]sszeg', '(?:total|valoare) f[ăa]r[ăa] tva', 'baza de impozitare', 'ara toplam', 'summa k[äa]ibemaksuta', 'maksustatav summa',
    '(?:summa|kop[āa]) bez pvn', '(?:suma|i[šs] viso) be pvm', 'osnovica', '(?:iznos|ukupno) bez pdv-?a', '(?:skupaj|znesek) brez ddv', 'osnova za ddv',
  ),
  gross_amount: L(
    'rechnungsbetrag(?: \\(?brutto\\)?)?', 'bruttosumme', 'zahlbetrag', 'endsumme', 'amount payable', 'montant [àa] payer', 'gutschriftsbetrag(?: brutto)?', 'gutschrift \\(brutto\\)', 'gesamtbetrag(?: brutto)?', 'bruttobetrag', 'brutto-?betrag', 'endbetrag', 'summe inkl\\.? (?:ust|mwst)\\.?', 'summe brutto', 'gesamtsumme', 'rechnungssumme brutto(?: \\(inkl\\. ust\\.\\))?',
    'kosten im zeitraum \\(brutto\\)', 'zu zahlen(?:der betrag)?', 'rechnungsbeitrag', 'bruttobeitrag', 'due payable', 'total payable', 'balance due', 'amount to pay', 'total amount due', 'amount due', 'total due', 'invoice total', 'total for this invoice', 'grand total', 'total incl\\.? (?:vat|tax)', 'total amount', 'total',
    'total ttc', 'montant ttc', 'montant total(?: ttc)?', 'total [àa] payer', 'total g[ée]n[ée]ral', 'totaal te betalen', 'te betalen bedrag', 'rechnungssumme', 'total invoice amount', 'invoice amount', 'net [àa] payer', 'totaal incl\\.? btw', 'totaalbedrag', 'factuurbedrag', 'totaal', 'te betalen', 'totale fattura', 'totale documento', 'totale', 'importe total', 'total factura',
    // Bare column headings used as labels ("Brutto", "Gross", "TTC", "Incl. btw").
    'brutto', 'bruto', 'gross', 'ttc', 't\\.t\\.c\\.', 'incl\\.? btw',
    // "Gesamt:" closing a totals block (fold10); only with its colon, the bare word heads item columns.
    'gesamt(?=\\s*:)',
    // Czech (fold15): "Celkem s DPH" / "včetně DPH" (total with VAT), "(Částka / Celkem) k úhradě" (amount to pay).
    'celkem s dph', 'celkem v[čc]etn[ěe] dph', '(?:[čc][áa]stka |celkem )?k [úu]hrad[ěe]',
    // Czech (nocents26): "Celkem:" closing a totals block, only with its colon (the bare word heads item columns: "Celkem bez daně").
    'celkem(?=\\s*:)',
    // Portuguese (fold17): the DANFE's box "Valor total da nota" (the NF-e's vNF), "Valor total:" with its
    // colon (a bare "Valor total dos produtos" is the goods' sum), "Total a pagar" / "Valor a pagar".
    'valor total da nota(?: fiscal)?', 'valor total(?=\\s*:)', 'total a pagar', 'valor a pagar',
    // Japanese (recall22): "合計", "合計金額(税込)", "ご請求金額", "税込合計".
    '(?:合計(?:金額)?|ご?請求金額|税込合計(?:金額)?|総合計)(?:\\s?[(（]税込み?[)）])?',
    // Swedish, Norwegian, Danish, Finnish, Portuguese (vocab28): the amount payable and the total with VAT ("Att betala",
    // "Å betale", "At betale", "I alt", "Totalt", "Maksettava", "Yhteensä", "Total com IVA").
    '(?:summa |totalt )?att betala', '(?:summa|totalt|belopp) inkl\\.? moms', '(?:totalt |bel[øo]p )?[åa] betale', '(?:sum|totalt|bel[øo]p) inkl\\.? mva', 'at betale', 'i alt(?: inkl\\.? moms)?', '(?:total|bel[øo]b) inkl\\.? moms', 'totalt',
    'maksettava(?: yhteens[äa])?', 'yhteens[äa]', 'loppusumma', '(?:total|valor) com iva', 'total da fatura',
    // Slovak, Hungarian, Romanian, Turkish, Estonian, Latvian, Lithuanian, Croatian, Slovenian (vocab28b).
    '(?:celkom|suma) k [úu]hrade', 'spolu s dph', 'fizetend[őo](?: [öo]sszeg)?', 'brutt[óo] [öo]sszes(?:en)?', 'v[ée]g[öo]sszeg', 'total de plat[ăa]', 'total cu tva', 'genel toplam', '[öo]denecek tutar',
    // Polish (vocab31): "Kwota należności ogółem" (the amount due in total; KSeF's visualisation), "(Razem) do zapłaty".
    'kwota nale[żz]no[śs]ci(?: og[óo][łl]em)?', '(?:razem )?do zap[łl]aty',
    // The amount payable of web-shop orders (charges32): "Order Total", printed under the shipping and the taxes.
    'order total',
    '(?:kokku )?tasuda', 'kokku', 'kop[āa](?: apmaksai)?', '(?:summa )?apmaksai', 'i[šs] viso(?: mok[ėe]ti)?', 'suma su pvm', 'ukupno(?: za (?:platiti|pla[ćc]anje))?', 'za platiti', 'sveukupno', 'za pla[čc]ilo', 'skupaj z ddv', 'skupaj',
  ),
  tax_amount: L(
    'steuerbetrag(?: in)?', '(?:ust|mwst)\\.?-?betrag', 'vat amount', 'tax amount', 'montant (?:de la )?tva', 'btw-?bedrag', 'importo iva', 'cuota (?:de )?iva',
    'zzgl\\.? (?:umsatzsteuer|mwst|ust)\\.?', 'zuz[üu]gl\\.? (?:umsatzsteuer|mwst|ust)\\.?', 'zuz[üu]glich (?:umsatzsteuer|mwst|ust)', 'umsatzsteuer', 'mehrwertsteuer', 'mwst\\.?', 'ust\\.?(?:-betrag)?', 'ust\\. gesamt', 'versicherungsteuer',
    'vat', 'tax', 'sales tax', 'taxes', 'total (?:vat|tva|tax|taxes|btw)', '(?:vat|tax|btw) total', 'totaal btw', 'montant des taxes', 'summe (?:ust|mwst|umsatzsteuer)', '(?:umsatzsteuer|mwst\\.?) gesamt', 'tva', 'btw', 'iva', 'imposta', 'igic',
    // Spanish and Polish (fold9): "Total Impuesto", "Kwota VAT".
    'total impuestos?', 'impuestos?', 'kwota (?:vat|podatku)',
    // Canadian sales taxes (fold18): Québec "TPS/TVQ" (GST/QST), "TVH" (HST); English "GST/HST", "HST", "QST", "PST".
    '(?:tps|tvq|tvh|gst|hst|qst|pst)(?:\\s*(?:/|\\+|et|and|&)\\s*(?:tps|tvq|tvh|gst|hst|qst|pst))?',
    // Indian GST components (fold19): "CGST", "SGST", "UTGST", "IGST", "Cess", with "Total" before or after; summed in totals-chain.ts.
    '(?:total )?(?:cgst|sgst|utgst|igst|cess)(?: total)?',
    // Czech (nocents26): "DPH" (the VAT), as "DPH 21 %:" in a totals block.
    'dph',
    // Japanese (recall22): "消費税", "消費税額", "消費税等".
    '消費税(?:等)?(?:額)?',
    // Swedish / Danish "Moms", Norwegian "MVA" / "Merverdiavgift", Finnish "ALV" / "Arvonlisävero" (vocab28).
    'moms(?:belopp|bel[øo]b)?', 'mva', 'merverdiavgift', 'alv', 'arvonlis[äa]vero',
    // Hungarian, Turkish, Estonian, Latvian, Lithuanian, Croatian, Slovenian VAT (vocab28b).
    '[áa]fa(?: [öo]sszesen)?', 'kdv(?: toplam[ıi])?', 'hesaplanan kdv', 'k[äa]ibemaks', 'pvn', 'pvm', 'pdv', 'ddv',
  ),
  sender_name: L('rechnungsersteller', 'rechnungssteller(?:in)?', 'lieferant', 'verk[äa]ufer', 'leistungserbringer', 'seller', 'supplier', 'vendor', 'service provider', 'sold by', 'fournisseur', 'vendeur', 'leverancier', 'verkoper', 'fornitore', 'cedente', 'proveedor', 'emisor',
    // "Émetteur" heads the sender's block on French invoices; "From:" only with its colon (not "from 1 May").
    // "FROM" / "From" alone in its cell heads the block too (fold19: a LaTeX invoice's "FROM · TO" columns).
    '[ée]metteur', 'from(?=\\s*(?::|$))',
    // Polish (fold9): "Sprzedawca" heads the seller's block.
    'sprzedawca',
    // Template programs' block headings (fold10): "Biller", "Provider", "Bill From:", German
    // "Aussteller", Czech "Prodejce"/"Dodavatel".
    'biller', 'provider', 'bill from', 'aussteller', 'prodejce', 'dodavatel',
    // Block headings of generated Spanish / English invoices (fold12): "Datos del Emisor", "Issuer Details".
    'datos del (?:emisor|proveedor|vendedor)', 'issuer details', 'issuer(?=\\s*:)',
    // Payee headings (fold12b): the payee of an invoice is its sender, unless a factoring company or a
    // bank is named payee (candidates.ts drops those). "Payable to" / "Remit to" / "Pay to" only as a
    // heading (a colon or nothing after it), never inside a sentence ("… payable to our account").
    'zahlungsempf[äa]nger', 'b[ée]n[ée]ficiaire', 'begunstigde', 'make (?:cheques|checks) payable to', '(?:payable|remit|pay) to(?=\\s*(?::|$))',
    // "Contractor" heads the block of the one who did the work and invoices it ("Recipient | Contractor"; fold18):
    // only as a heading (a colon or nothing after it), never in a sentence ("Contractor agrees to …").
    'contractor(?=\\s*(?::|$))',
    // Spanish / Portuguese (fold28b): "De:" heads the sender's block beside "Para:", only alone in its cell with its colon.
    'de(?=\\s*:\\s*$)',
    // Swedish, Norwegian / Danish, Finnish, Portuguese (vocab28): the supplier ("Leverantör", "Leverandør", "Toimittaja",
    // "Myyjä", "Fornecedor"); not the words that also name a salesperson ("Säljare", "Selger", "Vendedor").
    'leverant[öo]r', 'leverand[øo]r', 'toimittaja', 'myyj[äa]', 'fornecedor',
    // Slovak, Hungarian, Romanian, Turkish, Estonian, Latvian, Lithuanian, Croatian, Slovenian (vocab28b).
    'dod[áa]vate[ľl]', 'elad[óo]', 'sz[áa]ll[íi]t[óo]', 'furnizor', 'sat[ıi]c[ıi]', 'm[üu][üu]ja', 'p[āa]rdev[ēe]js', 'pardav[ėe]jas', 'prodavatelj', 'dobavlja[čc]', 'prodajalec', 'dobavitelj'),
  recipient_name: L('rechnungsempf[äa]nger', 'rechnungsadresse', 'rechnungsanschrift', 'kundenadresse', 'billing address', 'invoice address', 'adresse (?:du )?client', 'adresse de facturation', 'factuuradres', 'factuur aan', 'gefactureerd aan', 'k[äa]ufer', 'kunde', 'bill to(?: address)?', 'billed to', 'invoice to', 'customer', 'buyer', 'sold to', 'factur[ée] [àa]', 'client', 'destinataire', 'klant', 'naam (?:van de )?klant', 'klantnaam', 'afnemer', 'cliente', 'cessionario', 'destinatario', 'to(?=\\s*(?::|$))',
    // Spanish and Polish (fold9): "Facturar a" (bill to), "Nabywca" (buyer).
    'facturar a', 'facturado a', 'nabywca',
    // Template programs' block headings (fold10): "Purchaser", Czech "Kupující"/"Odběratel"; a bare
    // "Recipient"/"Empfänger" only as a heading without a colon ("Empfänger: …" in transfer
    // details names the payee, the sender).
    'purchaser', 'kupuj[íi]c[íi]', 'odb[ěe]ratel', 'recipient(?!\\s*:)', 'empf[äa]nger(?!\\s*:)',
    // Block headings (fold12): Spanish "Datos del Receptor" / "Receptor" (the CFDI's word for the buyer), "Recipient Details".
    'datos del (?:receptor|cliente|comprador)', 'receptor', 'recipient details',
    // "Auftraggeber" (the client who commissioned the work; raterows26) only as a heading alone in its cell: the value
    // is the block under it (HEADING_ONLY_LABEL), never "Auftraggeber-Nr." nor the next column's heading on its row.
    'auftraggeber(?:in)?(?=\\s*$)',
    // Spanish / Portuguese (fold28b): "Para:" (to) heads the recipient's block, only alone in its cell with its colon.
    'para(?=\\s*:\\s*$)',
    // Swedish, Norwegian, Finnish (vocab28): "Kund" (customer), "Faktureringsadress" / "Fakturaadresse", "Asiakas",
    // "Laskutusosoite" (billing address).
    'kund', 'faktureringsadress', 'fakturaadresse', 'asiakas', 'laskutusosoite',
    // Slovak, Hungarian, Romanian, Turkish, Estonian, Latvian, Lithuanian, Croatian, Slovenian (vocab28b).
    'odberate[ľl]', 'vev[őo]', 'cump[ăa]r[ăa]tor', 'al[ıi]c[ıi]', 'ostja', 'pirc[ēe]js', 'pirk[ėe]jas', 'kupac', 'kupec'),
  currency: L('w[äa]hrung', 'betr[äa]ge in', 'currency', 'devise', 'valuta', 'divisa', 'moneda'),
  customer_number: L('kunden-?\\s?(?:nummer|nr)', 'customer (?:number|no|id)', 'account number', 'num[ée]ro client', 'klantnummer', 'codice cliente', 'n[úu]mero de cliente'),
  // Read so that their values are not taken for another field; not reported. A delivery address
  // heads the goods' recipient, who need not be the invoice's; a related document's number is
  // not this document's.
  delivery_address: L('lieferadresse', 'lieferanschrift', 'warenempf[äa]nger', 'adresse de livraison', 'livr[ée] [àa]', 'ship to', 'shipping address', 'delivery address', 'deliver to', 'afleveradres', 'leveringsadres', 'indirizzo di consegna', 'direcci[óo]n de entrega'),
  // The buyer's or the seller's file reference, an order reference: not a payment reference.
  buyer_reference: L('votre r[ée]f[ée]rence', 'notre r[ée]f[ée]rence', 'your reference', 'our reference', 'ihre referenz', 'unsere referenz', 'ihr zeichen', 'unser zeichen', 'uw referentie', 'uw kenmerk', 'ons kenmerk', 'order reference', 'r[ée]f\\. march[ée]', 'customer reference', 'kundenreferenz', 'r[ée]f[ée]rence client', 'referentie klant'),
  related_document: L('facture li[ée]e', "facture d'origine", 'facture initiale', 'related invoice', 'original invoice', 'corrected invoice', 'ursprungsrechnung', 'bezugsrechnung', 'urspr[üu]ngliche rechnung', 'zu rechnung', 'oorspronkelijke factuur', 'gerelateerde factuur'),
  // Order, delivery and service dates printed beside the invoice date ("Date de commande |
  // Date de livraison | Date de facture"): read so that a bare "Date" does not take them.
  other_date: L(
    'bestelldatum', 'auftragsdatum', 'lieferdatum', 'leistungsdatum', 'versanddatum', 'datum der (?:bestellung|lieferung|leistung)',
    'order date', 'date of order', 'delivery date', 'date of delivery', 'date of supply', 'ship(?:ping)? date', 'dispatch date',
    'date de (?:la )?commande', 'date de (?:la )?livraison', "date d'exp[ée]dition", 'date de (?:la )?prestation',
    'orderdatum', 'besteldatum', 'leverdatum', 'leveringsdatum', 'datum (?:levering|bestelling|order)',
    // Polish (fold9): the date of sale or delivery beside the date of issue ("Data sprzedaży").
    'data sprzeda[żz]y', 'data dostawy', 'data dokonania', 'data wykonania',
    // Czech (fold10): the date of the taxable supply.
    'datum zdaniteln[ée]ho pln[ěe]n[íi]', 'datum uskute[čc]n[ěe]n[íi] zdaniteln[ée]ho pln[ěe]n[íi]',
    // Czech (fold15): the short forms ABRA prints, "Datum plnění" (supply) and "Datum odvodu" (tax remittance).
    'datum pln[ěe]n[íi]', 'datum odvodu',
  ),
  contract_account: L('vertrags-?(?:konto|nummer|nr)', 'contract (?:number|no)', 'vertragskonto'),
};

/** The text opens with a label of any field ("Rechnungsnummer: …", "Total", "Kunde"). */
export const opensWithLabel = (t: string): boolean => Object.values(LABELS).some((re) => re.test(t));

/** Labels that name the customer's own account or mandate: IBANs near them are not the sender's. */
export const CUSTOMER_ACCOUNT_CUES = /(lastschrift|mandat|ihre[mn]? konto|ihr konto|dein(?:em)? konto|auszahlung|von ihrem|abbuch|direct debit|your account|votre compte|pr[ée]l[èe]vement|uw rekening|incasso|domiciliaci[oó]n|addebito)/i;

/**
 * Phrases that name the payee (one list, recall22: the payee heading and the name after a phrase in a
 * sentence, candidates.ts, each kept one). `LABELS.sender_name` keeps its own payee words: there
 * "payable / remit / pay to" count only as a heading (a colon or nothing after them).
 */
export const PAYEE_PHRASE = String.raw`zahlungsempf\p{L}*|b[ée]n[ée]ficiaire|begunstigde|make (?:cheques|checks) payable(?: to)?|payable to|remit (?:payment )?to|pay to|zahlbar an|[àa] l['’]ordre de`;
/** A payee heading: its name is the sender's unless the page assigns the claim (factoring) or the payee is a bank. */
export const PAYEE_LABEL = new RegExp(`^(?:${PAYEE_PHRASE})`, 'iu');
export const ASSIGNED_CLAIM = /(factoring|abgetreten|abtretung|assigned to|cession de cr[ée]ance|c[ée]d[ée]e? [àa]|gecedeerd|cessie)/i;
export const BANK_NAME = /\b(bank|banque|banca|banco|sparkasse|volksbank|raiffeisen|factor\w*)\b/i;

/** Cues of a payment instruction towards the sender (transfer to us). */
export const PAYMENT_CUES = /(überweis|zahlbar|zu zahlen|bitte zahlen|auf unser konto|bankverbindung|zahlung an|pay(?:able|ment)? to|please (?:pay|transfer)|remit|virement|payer|betalen|overmaken|bonifico|pagare|transferencia|pagar)/i;

/** Refund cues: a date next to them is not a due date. */
export const REFUND_CUES = /(erstatt|gutschreib|schreiben wir .* gut|guthaben|überweisen (?:wir )?dir|überweisen wir ihnen|refund|rembours|terugbetal|rimbors|reembols)/i;

/** Due-date cues in running text. */
export const DUE_CUES = /(bis zum|bis spätestens|spätestens (?:am|bis)|zahlbar bis|netto bis|fällig (?:am|zum|bis)|buchen (?:wir )?(?:den betrag )?am|ziehen wir .* (?:zum|am)|abbuchen am|(?:am|zum) \S+ (?:von ihrem konto )?(?:ab|ein)\b|due (?:on|by|date)|payable (?:on|by)|pay by|avant le|au plus tard le|uiterlijk|vóór|entro il|antes del)/i;

/**
 * Words designed templates set letter-spaced ("I N V O I C E #1", "R E C H N U N G", "T O T A L D U E"):
 * the type titles and the labels of the totals, numbers, dates and party blocks. A reader joins single
 * letters into a word only when they spell such words — initials ("J R R"), a spaced brand
 * ("S T U D I O") and prose stay as printed.
 */
const SPACED_WORDS = new Set([
  // Type titles (doctype.ts TITLE_WORDS) in de, en, fr, nl, it, es, pl.
  'invoice', 'rechnung', 'gutschrift', 'facture', 'factuur', 'fattura', 'factura', 'faktura', 'avoir', 'credit', 'note', 'memo', 'creditnota',
  'receipt', 'quittung', 'bill', 'statement', 'reminder', 'mahnung', 'proforma', 'pro', 'forma', 'tax', 'storno',
  // Labels of totals, numbers, dates and party blocks.
  'total', 'subtotal', 'sub', 'summe', 'gesamt', 'gesamtbetrag', 'betrag', 'endbetrag', 'amount', 'balance', 'due', 'grand', 'date', 'datum',
  'number', 'nummer', 'no', 'nr', 'to', 'from', 'of', 'pay', 'payable', 'billed', 'client', 'customer', 'kunde', 'vat', 'tva', 'btw', 'net',
  'netto', 'brutto', 'gross', 'montant', 'totaal', 'importe', 'issue', 'payment', 'ht', 'ttc',
]);

/** The letters split into SPACED_WORDS, fewest words first; null when they do not split so. */
function spacedWords(letters: string): string[] | null {
  const lower = letters.toLowerCase();
  const best: Array<string[] | null> = [[]];
  for (let end = 1; end <= lower.length; end++) {
    best[end] = null;
    for (let start = 0; start < end; start++) {
      const prev = best[start];
      if (!prev || !SPACED_WORDS.has(lower.slice(start, end))) continue;
      if (!best[end] || prev.length + 1 < best[end]!.length) best[end] = [...prev, letters.slice(start, end)];
    }
  }
  return best[lower.length] ?? null;
}

/**
 * OCR reads a letter-spaced title in uneven groups ("FAC TU R E", "RE CH N UNG"; spaced30): capitals in groups of one to three,
 * three groups or more, one of them a lone letter and one longer, joined only when the letters spell title or label words.
 */
const OCR_SPACED_RUN = /(?<![\p{L}\p{N}])\p{Lu}{1,3}(?: \p{Lu}{1,3}){2,}(?![\p{L}\p{N}])/gu;
/**
 * Runs of three or more single letters, one or two spaces apart, and OCR's uneven groups of them (OCR_SPACED_RUN),
 * joined where they spell title or label words.
 */
export function joinLetterSpaced(text: string): string {
  text = text.replace(OCR_SPACED_RUN, (run) => {
    // A lone letter among longer groups; runs of lone letters only are the evenly spaced case below.
    const groups = run.split(' ');
    if (!groups.some((g) => g.length === 1) || groups.every((g) => g.length === 1)) return run;
    const words = spacedWords(run.replace(/ /g, ''));
    return words ? words.join(' ') : run;
  });
  return text.replace(/(?<![\p{L}\p{N}])\p{L}(?: {1,2}\p{L}){2,}(?![\p{L}\p{N}])/gu, (run) => {
    // One trailing letter may start the next token ("F A C T U R E N° 12"); never more (a spaced brand after a title stays).
    const letters = run.replace(/ /g, '');
    for (let k = letters.length; k >= Math.max(3, letters.length - 1); k--) {
      const groups = run.split(/ {2}/).length > 1 && k === letters.length ? run.split(/ {2}/).map((g) => spacedWords(g.replace(/ /g, ''))) : [spacedWords(letters.slice(0, k))];
      if (groups.every(Boolean)) return [groups.map((g) => g!.join(' ')).join(' '), ...letters.slice(k)].join(' ');
    }
    return run;
  });
}
