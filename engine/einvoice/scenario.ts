// Scenario selection and custom severity levels, as the pinned KoSIT configuration for
// XRechnung 3.0.x (with CVD 0.9) defines them; ZUGFeRD 1.0 COMFORT uses Docdesk's own
// configuration (schema, profile id, TypeCode, arithmetic).
import type { InvoiceDetection } from './detect.js';
import type { RuleSet, Severity } from './rule.js';

export interface Scenario {
  name: string;
  configuration: string;
  standard: string;
  sets: RuleSet[];
  customLevels: Record<string, Severity>;
  scope: 'xml_profile_conformance' | 'structural_and_business';
}

export const CONFIGURATION = 'xrechnung-3.0.x-cvd-0.9 (KoSIT scenarios 6faac15; CEN 1.3.16; XRechnung rules 3098f3d)';
const ZF1_CONFIGURATION = 'zugferd-1.0-comfort (schema, profile, TypeCode 380/84, arithmetic)';

const UBL_STANDARD_LEVELS: Record<string, Severity> = { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'UBL-CR-646': 'error' };
const UBL_EXT_LEVELS: Record<string, Severity> = {
  'BR-CL-21': 'information', 'BR-CL-23': 'warning', 'BR-CL-24': 'information', 'BR-CL-10': 'information', 'BR-CL-11': 'information',
  'BR-CL-25': 'information', 'BR-CL-26': 'information', 'BR-CO-16': 'information', 'UBL-CR-470': 'information', 'UBL-CR-646': 'information',
};
const UBL_CVD_LEVELS: Record<string, Severity> = { 'BR-CL-13': 'information', 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'UBL-CR-646': 'error' };
const CII_STANDARD_LEVELS: Record<string, Severity> = { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'CII-SR-452': 'error', 'CII-SR-453': 'error', 'CII-SR-454': 'error' };
const CII_EXT_LEVELS: Record<string, Severity> = {
  'BR-CL-23': 'warning', 'BR-CL-21': 'information', 'BR-CL-11': 'information', 'BR-CL-10': 'information', 'BR-CL-24': 'information',
  'BR-CL-25': 'information', 'BR-CL-26': 'information', 'CII-SR-452': 'error', 'CII-SR-453': 'error', 'CII-SR-454': 'error',
};
const CII_CVD_LEVELS: Record<string, Severity> = { 'BR-CL-13': 'information', 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'CII-SR-452': 'error', 'CII-SR-453': 'error', 'CII-SR-454': 'error' };

/** The scenario KoSIT would pick, or null (no scenario: rejected). */
export function selectScenario(d: InvoiceDetection): Scenario | null {
  if (d.detection_status !== 'recognized') return null;
  const standard = 'EN 16931-1:2017 + XRechnung 3.0';
  if (d.syntax === 'ubl') {
    const doc = d.document_kind === 'credit_note' ? 'UBL CreditNote' : 'UBL Invoice';
    if (d.profile === 'xrechnung-3.0') return { name: `EN16931 XRechnung (${doc})`, configuration: CONFIGURATION, standard, sets: ['cen', 'cen-ubl', 'xr', 'xr-ubl'], customLevels: UBL_STANDARD_LEVELS, scope: 'xml_profile_conformance' };
    if (d.profile === 'xrechnung-3.0-extension' && d.document_kind === 'invoice') return { name: `EN16931 XRechnung Extension (${doc})`, configuration: CONFIGURATION, standard: `${standard} Extension`, sets: ['cen', 'cen-ubl', 'xr', 'xr-ubl', 'xr-ext'], customLevels: UBL_EXT_LEVELS, scope: 'xml_profile_conformance' };
    if (d.profile === 'xrechnung-cvd') return { name: `EN16931 XRechnung CVD (${doc})`, configuration: CONFIGURATION, standard: `${standard} CVD 0.9`, sets: ['cen', 'cen-ubl', 'xr', 'xr-ubl', 'xr-cvd'], customLevels: UBL_CVD_LEVELS, scope: 'structural_and_business' };
    if (d.profile === 'en16931') return { name: `EN16931 (${doc})`, configuration: CONFIGURATION, standard: 'EN 16931-1:2017', sets: ['cen', 'cen-ubl'], customLevels: {}, scope: 'structural_and_business' };
    return null;
  }
  if (d.syntax === 'cii') {
    if (d.profile === 'xrechnung-3.0') return { name: 'EN16931 XRechnung (CII)', configuration: CONFIGURATION, standard, sets: ['cen', 'cen-cii', 'xr', 'xr-cii'], customLevels: CII_STANDARD_LEVELS, scope: 'xml_profile_conformance' };
    if (d.profile === 'xrechnung-3.0-extension') return { name: 'EN16931 XRechnung Extension (CII)', configuration: CONFIGURATION, standard: `${standard} Extension`, sets: ['cen', 'cen-cii', 'xr', 'xr-cii', 'xr-ext'], customLevels: CII_EXT_LEVELS, scope: 'xml_profile_conformance' };
    if (d.profile === 'xrechnung-cvd') return { name: 'EN16931 XRechnung CVD (CII)', configuration: CONFIGURATION, standard: `${standard} CVD 0.9`, sets: ['cen', 'cen-cii', 'xr', 'xr-cii', 'xr-cvd'], customLevels: CII_CVD_LEVELS, scope: 'structural_and_business' };
    if (d.profile === 'en16931') return { name: 'EN16931 (CII)', configuration: CONFIGURATION, standard: 'EN 16931-1:2017', sets: ['cen', 'cen-cii'], customLevels: {}, scope: 'structural_and_business' };
    return null;
  }
  if (d.syntax === 'zugferd1') {
    if (!d.profile?.startsWith('zugferd-1.0')) return null;
    return { name: 'ZUGFeRD 1.0', configuration: ZF1_CONFIGURATION, standard: 'ZUGFeRD 1.0', sets: ['zf1'], customLevels: {}, scope: 'structural_and_business' };
  }
  return null;
}
