// Which invoice syntax, document kind and profile a root element carries. The profile comes
// from the specification identifier (BT-24 / guideline ID), compared exactly as the KoSIT
// scenarios compare it.
import type { XmlElement } from '../formats/safe-xml.js';
import { val } from './nav.js';

export const NS = {
  ublInvoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  ublCreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cii: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  zf1: 'urn:ferd:CrossIndustryDocument:invoice:1p0',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
} as const;

export const SPEC = {
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  extension: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0',
  cvd: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9',
  en16931: 'urn:cen.eu:en16931:2017',
  zf1Prefix: 'urn:ferd:CrossIndustryDocument:invoice:1p0:',
} as const;

export type Profile =
  | 'xrechnung-3.0'
  | 'xrechnung-3.0-extension'
  | 'xrechnung-cvd'
  | 'en16931'
  | 'zugferd-1.0-basic'
  | 'zugferd-1.0-comfort'
  | 'zugferd-1.0-extended'
  | 'zugferd-2-minimum'
  | 'zugferd-2-basic-wl'
  | 'zugferd-2-basic'
  | 'zugferd-2-en16931'
  | 'zugferd-2-extended'
  | 'xrechnung-other-version'
  | 'peppol-bis-3'
  | 'unknown';

export interface InvoiceDetection {
  detection_status: 'recognized' | 'not_detected' | 'inconclusive';
  syntax?: 'ubl' | 'cii' | 'zugferd1';
  document_kind?: 'invoice' | 'credit_note';
  specification_id?: string;
  profile?: Profile;
  supported: boolean;
  /** Why the detection is inconclusive or the input not evaluable (no document content). */
  reason?: string;
}

function profileOf(specId: string | undefined, syntax: 'ubl' | 'cii' | 'zugferd1'): Profile {
  if (specId === undefined) return 'unknown';
  if (specId === SPEC.xrechnung) return 'xrechnung-3.0';
  if (specId === SPEC.extension) return 'xrechnung-3.0-extension';
  if (specId === SPEC.cvd) return 'xrechnung-cvd';
  if (specId === SPEC.en16931) return 'en16931';
  if (syntax === 'zugferd1' && specId.startsWith(SPEC.zf1Prefix)) {
    const p = specId.slice(SPEC.zf1Prefix.length);
    if (p === 'basic') return 'zugferd-1.0-basic';
    if (p === 'comfort') return 'zugferd-1.0-comfort';
    if (p === 'extended') return 'zugferd-1.0-extended';
    return 'unknown';
  }
  if (/urn:factur-x\.eu:1p0:minimum$/.test(specId)) return 'zugferd-2-minimum';
  if (/urn:factur-x\.eu:1p0:basicwl$/.test(specId)) return 'zugferd-2-basic-wl';
  if (/(urn:factur-x\.eu:1p0|urn:zugferd\.de:2p0):basic$/.test(specId) || /urn:cen\.eu:en16931:2017#compliant#urn:factur-x\.eu:1p0:basic$/.test(specId)) return 'zugferd-2-basic';
  if (/(urn:factur-x\.eu:1p0|urn:zugferd\.de:2p0):extended$/.test(specId)) return 'zugferd-2-extended';
  if (/urn:fdc:peppol\.eu:2017:poacc:billing:3\.0$/.test(specId)) return 'peppol-bis-3';
  if (/xrechnung/.test(specId)) return 'xrechnung-other-version';
  return 'unknown';
}

/** Supported per spec 2.4: XRechnung 3.0 standard and Extension (UBL, CII), CVD in CII, ZUGFeRD 1.0 COMFORT. */
export function isSupported(profile: Profile, syntax: 'ubl' | 'cii' | 'zugferd1'): boolean {
  if (profile === 'xrechnung-3.0' || profile === 'xrechnung-3.0-extension') return syntax !== 'zugferd1';
  if (profile === 'xrechnung-cvd') return syntax === 'cii';
  if (profile === 'zugferd-1.0-comfort') return syntax === 'zugferd1';
  return false;
}

export function detectRoot(root: XmlElement): InvoiceDetection {
  let syntax: 'ubl' | 'cii' | 'zugferd1';
  let kind: 'invoice' | 'credit_note' = 'invoice';
  let specId: string | undefined;
  if (root.local === 'Invoice' && root.namespace === NS.ublInvoice) {
    syntax = 'ubl';
    specId = val(root, 'CustomizationID');
  } else if (root.local === 'CreditNote' && root.namespace === NS.ublCreditNote) {
    syntax = 'ubl';
    kind = 'credit_note';
    specId = val(root, 'CustomizationID');
  } else if (root.local === 'CrossIndustryInvoice' && root.namespace === NS.cii) {
    syntax = 'cii';
    specId = val(root, 'ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID');
    if (['381', '396', '81', '83', '532'].includes(val(root, 'ExchangedDocument/TypeCode') ?? '')) kind = 'credit_note';
  } else if (root.local === 'CrossIndustryDocument' && root.namespace === NS.zf1) {
    syntax = 'zugferd1';
    specId = val(root, 'SpecifiedExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID');
    if (val(root, 'HeaderExchangedDocument/TypeCode') === '381') kind = 'credit_note';
  } else if (/^(Invoice|CreditNote|CrossIndustryInvoice|CrossIndustryDocument)$/.test(root.local)) {
    // An invoice-like root in a foreign namespace: looks like an invoice, but no known syntax.
    return { detection_status: 'inconclusive', supported: false, reason: 'unknown_invoice_namespace' };
  } else {
    return { detection_status: 'not_detected', supported: false };
  }
  const profile = profileOf(specId, syntax);
  return {
    detection_status: 'recognized',
    syntax,
    document_kind: kind,
    ...(specId !== undefined ? { specification_id: specId } : {}),
    profile,
    supported: isSupported(profile, syntax),
  };
}
