// E-invoice library: detection, parsing into the EN 16931 model, validation (schema,
// EN 16931, XRechnung CIUS, ZUGFeRD 1.0 COMFORT) and the assessment object
// `quality.structured` of spec 2.3, plus the mapping to the generic v1 fields.
import { MAX_XML_BYTES } from '../formats/limits.js';
import { parseXmlSafely, XmlSafetyError, type XmlElement } from '../formats/safe-xml.js';
import { detectRoot, type InvoiceDetection } from './detect.js';
import { evaluateRules, type Finding } from './evaluate.js';
import type { InvoiceModel } from './model.js';
import { parseCii } from './parse-cii.js';
import { parseUbl } from './parse-ubl.js';
import { checkSchema } from './schema.js';
import { base, unavailable, type StructuredQuality, type ValidationErrors, type ValidationStatus } from './quality.js';
import { selectScenario } from './scenario.js';

export type { InvoiceDetection, Profile } from './detect.js';
export type { InvoiceModel } from './model.js';
export { invoiceToGenericFields } from './fields.js';
export { CONTRACT_VERSION, ENGINE_VERSION, unavailable } from './quality.js';
export type { Assessment, StructuredQuality, ValidationErrors, ValidationStatus } from './quality.js';

export class InvoiceInputError extends Error {
  constructor(
    readonly kind: 'too_large' | 'unsafe' | 'malformed' | 'not_an_invoice',
    message: string,
  ) {
    super(message);
  }
}

const MAX_IDS = 100;

function parseRoot(xml: Uint8Array): XmlElement {
  if (xml.byteLength > MAX_XML_BYTES) throw new InvoiceInputError('too_large', 'The XML is larger than the 5 MiB limit.');
  try {
    return parseXmlSafely(xml).root;
  } catch (err) {
    if (err instanceof XmlSafetyError) {
      throw new InvoiceInputError(err.kind === 'dtd' ? 'unsafe' : 'malformed', err.kind === 'dtd' ? 'The XML declares a DTD.' : `The XML is not well-formed${err.line ? ` (line ${err.line})` : ''}.`);
    }
    throw err;
  }
}

export function detectInvoiceXml(xml: Uint8Array): InvoiceDetection {
  let root: XmlElement;
  try {
    root = parseRoot(xml);
  } catch (err) {
    if (err instanceof InvoiceInputError) return { detection_status: 'inconclusive', supported: false, reason: `input_${err.kind}` };
    throw err;
  }
  return detectRoot(root);
}

export function modelFromRoot(root: XmlElement, d: InvoiceDetection): InvoiceModel {
  if (d.syntax === 'ubl') return parseUbl(root);
  if (d.syntax === 'cii' || d.syntax === 'zugferd1') return parseCii(root);
  throw new InvoiceInputError('not_an_invoice', 'The XML is not a UBL, CII or ZUGFeRD 1.0 invoice.');
}

export function parseInvoice(xml: Uint8Array): InvoiceModel {
  const root = parseRoot(xml);
  return modelFromRoot(root, detectRoot(root));
}

function summarize(findings: Finding[]): ValidationErrors {
  const pick = (s: Finding['severity']) => [...new Set(findings.filter((f) => f.severity === s).map((f) => f.id))].sort();
  const errors = pick('error');
  const warnings = pick('warning');
  const information = pick('information');
  return {
    errors: errors.slice(0, MAX_IDS),
    warnings: warnings.slice(0, MAX_IDS),
    information: information.slice(0, MAX_IDS),
    counts: { error: errors.length, warning: warnings.length, information: information.length },
    truncated: errors.length > MAX_IDS || warnings.length > MAX_IDS || information.length > MAX_IDS,
  };
}

/** Validates one invoice XML; never throws for bad input. */
export function validateInvoiceXml(xml: Uint8Array): StructuredQuality {
  let root: XmlElement;
  try {
    root = parseRoot(xml);
  } catch (err) {
    if (err instanceof InvoiceInputError) {
      return { ...base({ detection_status: 'inconclusive', supported: false }), validation_status: 'not_evaluable', assessment: 'fail', reason: `input_${err.kind}` };
    }
    return unavailable();
  }
  try {
    return validateRoot(root, xml);
  } catch {
    return unavailable();
  }
}

function validateRoot(root: XmlElement, xml: Uint8Array): StructuredQuality {
  const d = detectRoot(root);
  const out = base(d);
  if (d.detection_status !== 'recognized') return { ...out, reason: d.reason ?? 'no_invoice_root', assessment: d.detection_status === 'inconclusive' ? 'indeterminate' : 'not_applicable' };
  const scenario = selectScenario(d);
  if (!scenario) return { ...out, validation_status: 'unsupported', assessment: 'fail', reason: 'no_scenario' };
  const validator = { ...out.validator, configuration: scenario.configuration, standard: scenario.standard, scenario: scenario.name };
  if (!d.supported) {
    // Fail closed (spec 2.4). The scenario still runs, so the rule ids are reported for review.
    const schemaIds = checkSchema(root, d, xml);
    const findings = schemaIds.length > 0 ? schemaIds.map((s): Finding => ({ id: s.id, severity: 'error' })) : evaluateRules(root, modelFromRoot(root, d), d, scenario);
    return { ...out, validator, validation_status: 'unsupported', assessment: 'fail', reason: 'unsupported_profile', validation_errors: summarize(findings) };
  }
  const schema = checkSchema(root, d, xml);
  if (schema.length > 0) {
    return { ...out, validator, validation_scope: scenario.scope, validation_status: 'invalid', assessment: 'fail', reason: 'schema_invalid', validation_errors: summarize(schema.map((s) => ({ id: s.id, severity: 'error' }))) };
  }
  const model = modelFromRoot(root, d);
  const findings = evaluateRules(root, model, d, scenario);
  const errors = summarize(findings);
  // ZUGFeRD 1.0 with another document or tax type code is outside the supported profile
  // (spec 2.4): unsupported, not merely invalid.
  const codeOnly = d.syntax === 'zugferd1' && errors.counts.error > 0 && errors.errors.every((id) => id === 'ZF1-TYPE-CODE' || id === 'ZF1-TAX-TYPE-CODE');
  if (codeOnly) return { ...out, validator, validation_scope: scenario.scope, validation_status: 'unsupported', assessment: 'fail', reason: 'unsupported_document_or_tax_code', validation_errors: errors };
  const status: ValidationStatus = errors.counts.error > 0 ? 'invalid' : errors.counts.warning > 0 ? 'valid_with_warnings' : 'valid';
  return {
    ...out,
    validator,
    validation_scope: scenario.scope,
    validation_status: status,
    assessment: status === 'invalid' ? 'fail' : status === 'valid_with_warnings' ? 'pass_with_warnings' : 'pass',
    reason: status === 'invalid' ? 'rule_errors' : null,
    validation_errors: errors,
  };
}

