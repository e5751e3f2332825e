// The one rule table: every rule of every set, evaluated by one evaluator (../evaluate.ts).
import type { Rule } from '../rule.js';
import { CEN_RULES } from './cen.js';
import { VAT_RULES } from './vat.js';
import { PEPPOL_RULES } from './peppol.js';
import { CII_EXTRA_RULES, CII_RESTRICTION_RULES, CII_TAX_WARNING_RULES, MORE_SYNTAX_RULES, SYNTAX_RULES } from './syntax.js';
import { ZUGFERD1_RULES } from './zugferd1.js';
import { CODE_RULES, EXTENSION_CODE_RULES } from './codes.js';
import { CVD_RULES, EXTENSION_RULES, XRECHNUNG_RULES } from './xrechnung.js';

export const RULES: Rule[] = [...CEN_RULES, ...VAT_RULES, ...XRECHNUNG_RULES, ...EXTENSION_RULES, ...CVD_RULES, ...PEPPOL_RULES, ...SYNTAX_RULES, ...CII_RESTRICTION_RULES, ...CII_EXTRA_RULES, ...CII_TAX_WARNING_RULES, ...MORE_SYNTAX_RULES, ...ZUGFERD1_RULES, ...CODE_RULES, ...EXTENSION_CODE_RULES];
