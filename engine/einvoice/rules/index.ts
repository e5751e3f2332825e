// The one rule table: every rule of every set, evaluated by one evaluator (../evaluate.ts).
import type { Rule } from '../rule.js';
import { CEN_RULES } from './cen.js';
import { VAT_RULES } from './vat.js';

export const RULES: Rule[] = [...CEN_RULES, ...VAT_RULES];
