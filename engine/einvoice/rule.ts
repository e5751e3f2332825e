// The shape of one rule of the table and the context the evaluator hands it.
import type { XmlElement } from '../formats/safe-xml.js';
import type { Profile } from './detect.js';
import type { InvoiceModel } from './model.js';

export type Severity = 'error' | 'warning' | 'information';

/**
 * Rule sets as the official artefacts group them: the CEN EN 16931 model rules (both
 * syntaxes), the CEN syntax-binding rules per syntax, the XRechnung CIUS rules (with the
 * Peppol rules merged in by its build), the Extension and CVD rules, and ZUGFeRD 1.0.
 */
export type RuleSet = 'cen' | 'cen-ubl' | 'cen-cii' | 'xr' | 'xr-ubl' | 'xr-cii' | 'xr-ext' | 'xr-cvd' | 'zf1';

export interface RuleContext {
  model: InvoiceModel;
  root: XmlElement;
  profile: Profile;
}

export interface Rule {
  id: string;
  severity: Severity;
  sets: RuleSet[];
  /** Business terms or elements concerned (documentation; never message text in results). */
  about: string;
  /** How many times the rule fails in this document (0: it holds). */
  check(ctx: RuleContext): number | boolean;
}
