// Labels of the visualization in English and German, and names for the code lists a reader
// meets on every invoice (document type, payment means, VAT category, common units). Codes
// without a name here are shown as the code itself.

export type RenderLocale = 'en' | 'de';

const L = {
  invoice: ['Invoice', 'Rechnung'],
  credit_note: ['Credit note', 'Gutschrift'],
  number: ['Number', 'Nummer'],
  issue_date: ['Issue date', 'Rechnungsdatum'],
  due_date: ['Due date', 'Fälligkeitsdatum'],
  type_code: ['Document type', 'Dokumentart'],
  currency: ['Currency', 'Währung'],
  tax_currency: ['VAT accounting currency', 'USt-Abrechnungswährung'],
  tax_point_date: ['VAT point date', 'Steuerliches Leistungsdatum'],
  buyer_reference: ['Buyer reference', 'Käuferreferenz (Leitweg-ID)'],
  order_reference: ['Purchase order', 'Bestellnummer'],
  sales_order_reference: ['Sales order', 'Auftragsnummer'],
  contract_reference: ['Contract', 'Vertrag'],
  project_reference: ['Project', 'Projekt'],
  despatch_advice: ['Despatch advice', 'Lieferschein'],
  receiving_advice: ['Receiving advice', 'Wareneingangsmeldung'],
  tender_reference: ['Tender or lot', 'Vergabe/Los'],
  invoiced_object: ['Invoiced object', 'Abrechnungsobjekt'],
  accounting_reference: ['Buyer accounting reference', 'Buchungsreferenz des Käufers'],
  invoice_period: ['Invoicing period', 'Abrechnungszeitraum'],
  delivery_date: ['Delivery date', 'Lieferdatum'],
  specification: ['Specification', 'Spezifikation'],
  business_process: ['Business process', 'Geschäftsprozess'],
  preceding_invoices: ['Preceding invoices', 'Vorausgegangene Rechnungen'],
  seller: ['Seller', 'Verkäufer'],
  buyer: ['Buyer', 'Käufer'],
  payee: ['Payee', 'Zahlungsempfänger'],
  tax_representative: ['Seller tax representative', 'Steuervertreter des Verkäufers'],
  delivery: ['Delivery', 'Lieferung'],
  vat_id: ['VAT ID', 'USt-IdNr.'],
  tax_number: ['Tax number', 'Steuernummer'],
  registration: ['Registration', 'Registernummer'],
  identifier: ['ID', 'Kennung'],
  electronic_address: ['Electronic address', 'Elektronische Adresse'],
  contact: ['Contact', 'Kontakt'],
  notes: ['Notes', 'Bemerkungen'],
  lines: ['Invoice lines', 'Rechnungspositionen'],
  pos: ['Pos.', 'Pos.'],
  item: ['Item', 'Artikel / Leistung'],
  quantity: ['Quantity', 'Menge'],
  unit_price: ['Unit price (net)', 'Einzelpreis (netto)'],
  vat: ['VAT', 'USt.'],
  net_amount: ['Net amount', 'Nettobetrag'],
  item_id: ['Item no.', 'Artikelnr.'],
  buyer_item_id: ['Buyer item no.', 'Artikelnr. Käufer'],
  period: ['Period', 'Zeitraum'],
  allowance: ['Allowance', 'Nachlass'],
  charge: ['Charge', 'Zuschlag'],
  allowances_charges: ['Document-level allowances and charges', 'Nachlässe und Zuschläge auf Dokumentebene'],
  reason: ['Reason', 'Grund'],
  base: ['Base', 'Basis'],
  amount: ['Amount', 'Betrag'],
  vat_breakdown: ['VAT breakdown', 'Umsatzsteueraufschlüsselung'],
  category: ['Category', 'Kategorie'],
  rate: ['Rate', 'Satz'],
  taxable: ['Taxable amount', 'Bemessungsgrundlage'],
  tax: ['VAT amount', 'Steuerbetrag'],
  exemption: ['Exemption reason', 'Befreiungsgrund'],
  totals: ['Totals', 'Summen'],
  line_net_sum: ['Sum of line net amounts', 'Summe der Positionen (netto)'],
  allowance_sum: ['Sum of allowances', 'Summe der Nachlässe'],
  charge_sum: ['Sum of charges', 'Summe der Zuschläge'],
  total_net: ['Total without VAT', 'Gesamtbetrag netto'],
  total_vat: ['Total VAT', 'Umsatzsteuer gesamt'],
  total_vat_accounting: ['Total VAT in accounting currency', 'Umsatzsteuer in Abrechnungswährung'],
  total_gross: ['Total with VAT', 'Gesamtbetrag brutto'],
  prepaid: ['Paid amount', 'Bereits gezahlt'],
  rounding: ['Rounding amount', 'Rundungsbetrag'],
  payable: ['Amount due', 'Zahlbetrag'],
  payment: ['Payment', 'Zahlung'],
  payment_means: ['Payment means', 'Zahlungsart'],
  remittance: ['Remittance information', 'Verwendungszweck'],
  account: ['Account (IBAN)', 'Konto (IBAN)'],
  account_name: ['Account holder', 'Kontoinhaber'],
  bic: ['BIC', 'BIC'],
  card: ['Payment card', 'Zahlungskarte'],
  mandate: ['Mandate reference', 'Mandatsreferenz'],
  creditor_id: ['Creditor ID', 'Gläubiger-ID'],
  debited_account: ['Debited account', 'Belastetes Konto'],
  payment_terms: ['Payment terms', 'Zahlungsbedingungen'],
  alternative_payment: ['Further payment means', 'Weitere Zahlungsmöglichkeit'],
  attachments: ['Supporting documents and attachments', 'Rechnungsbegründende Unterlagen und Anhänge'],
  document_id: ['Reference', 'Kennung'],
  description: ['Description', 'Beschreibung'],
  file: ['File', 'Datei'],
  embedded: ['embedded', 'eingebettet'],
  external: ['external link', 'externer Verweis'],
  truncated_lines: ['Showing the first {shown} of {total} invoice lines (including sub-lines); the original XML is unchanged.', 'Angezeigt werden die ersten {shown} von {total} Rechnungspositionen (einschließlich Unterpositionen); die Original-XML ist unverändert.'],
  truncated_list: ['Showing the first {shown} of {total} entries.', 'Angezeigt werden die ersten {shown} von {total} Einträgen.'],
  generated: ['Visualization generated by Docdesk from the structured invoice data ({syntax}). It is not the legally binding document.', 'Von Docdesk aus den strukturierten Rechnungsdaten ({syntax}) erzeugte Darstellung. Sie ist nicht das rechtlich maßgebliche Dokument.'],
  attributes: ['Attributes', 'Merkmale'],
  origin: ['Country of origin', 'Herkunftsland'],
  order_line: ['Order line', 'Bestellposition'],
  delivery_location: ['Location', 'Lieferort'],
} as const;

export type LabelKey = keyof typeof L;

export function label(locale: RenderLocale, key: LabelKey, vars: Record<string, string | number> = {}): string {
  const text: string = L[key][locale === 'de' ? 1 : 0];
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}

// UNTDID 1001 (document types used in EN 16931).
const TYPE_CODES: Record<string, [string, string]> = {
  '380': ['Commercial invoice', 'Rechnung'],
  '381': ['Credit note', 'Gutschrift (Korrektur)'],
  '383': ['Debit note', 'Belastungsanzeige'],
  '384': ['Corrected invoice', 'Rechnungskorrektur'],
  '386': ['Prepayment invoice', 'Vorauszahlungsrechnung'],
  '389': ['Self-billed invoice', 'Gutschrift (Selbstfakturierung)'],
  '326': ['Partial invoice', 'Teilrechnung'],
  '875': ['Partial construction invoice', 'Abschlagsrechnung (Bauleistung)'],
  '876': ['Partial final construction invoice', 'Teilschlussrechnung (Bauleistung)'],
  '877': ['Final construction invoice', 'Schlussrechnung (Bauleistung)'],
  '84': ['Debit note (financial adjustment)', 'Wertbelastung'],
  '261': ['Self-billed credit note', 'Gutschrift (Selbstfakturierung, Storno)'],
  '751': ['Invoice information for accounting', 'Rechnungsinformation für Buchhaltungszwecke'],
};

// UNTDID 4461.
const PAYMENT_MEANS: Record<string, [string, string]> = {
  '1': ['Not defined', 'Nicht definiert'],
  '10': ['Cash', 'Barzahlung'],
  '20': ['Cheque', 'Scheck'],
  '30': ['Credit transfer', 'Überweisung'],
  '31': ['Debit transfer', 'Lastschriftüberweisung'],
  '42': ['Payment to bank account', 'Zahlung auf Bankkonto'],
  '48': ['Bank card', 'Bankkarte'],
  '49': ['Direct debit', 'Lastschrift'],
  '54': ['Credit card', 'Kreditkarte'],
  '55': ['Debit card', 'Debitkarte'],
  '57': ['Standing agreement', 'Dauerauftrag'],
  '58': ['SEPA credit transfer', 'SEPA-Überweisung'],
  '59': ['SEPA direct debit', 'SEPA-Lastschrift'],
  '97': ['Clearing between partners', 'Verrechnung'],
  ZZZ: ['Mutually defined', 'Gegenseitig vereinbart'],
};

// UNCL 5305 as used by EN 16931.
const VAT_CATEGORIES: Record<string, [string, string]> = {
  S: ['Standard rate', 'Normalsatz'],
  Z: ['Zero rated', 'Nullsatz'],
  E: ['Exempt', 'Steuerbefreit'],
  AE: ['Reverse charge', 'Umkehrung der Steuerschuldnerschaft'],
  K: ['Intra-community supply', 'Innergemeinschaftliche Lieferung'],
  G: ['Export outside the EU', 'Ausfuhr aus der EU'],
  O: ['Not subject to VAT', 'Nicht steuerbar'],
  L: ['Canary Islands (IGIC)', 'Kanarische Inseln (IGIC)'],
  M: ['Ceuta and Melilla (IPSI)', 'Ceuta und Melilla (IPSI)'],
};

// UN/ECE Recommendation 20/21, the units seen on ordinary invoices.
const UNITS: Record<string, [string, string]> = {
  C62: ['pcs', 'Stk.'],
  H87: ['pcs', 'Stk.'],
  XPP: ['pcs', 'Stk.'],
  EA: ['each', 'je'],
  HUR: ['h', 'Std.'],
  MIN: ['min', 'Min.'],
  DAY: ['days', 'Tage'],
  WEE: ['weeks', 'Wochen'],
  MON: ['months', 'Monate'],
  ANN: ['years', 'Jahre'],
  KGM: ['kg', 'kg'],
  GRM: ['g', 'g'],
  TNE: ['t', 't'],
  MTR: ['m', 'm'],
  KMT: ['km', 'km'],
  MTK: ['m²', 'm²'],
  MTQ: ['m³', 'm³'],
  LTR: ['l', 'l'],
  KWH: ['kWh', 'kWh'],
  LS: ['lump sum', 'pauschal'],
  SET: ['sets', 'Sätze'],
  PR: ['pairs', 'Paar'],
  XBX: ['boxes', 'Kartons'],
  P1: ['%', '%'],
};

const pick = (table: Record<string, [string, string]>, locale: RenderLocale, code: string | undefined): string | undefined => {
  if (!code) return undefined;
  const names = table[code.trim()];
  return names ? names[locale === 'de' ? 1 : 0] : undefined;
};

export const typeCodeName = (l: RenderLocale, c?: string) => pick(TYPE_CODES, l, c);
export const paymentMeansName = (l: RenderLocale, c?: string) => pick(PAYMENT_MEANS, l, c);
export const vatCategoryName = (l: RenderLocale, c?: string) => pick(VAT_CATEGORIES, l, c);
export const unitName = (l: RenderLocale, c?: string) => pick(UNITS, l, c) ?? c;
