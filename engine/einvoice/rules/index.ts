// The one rule table: every rule of every set, evaluated by one evaluator (../evaluate.ts).
import type { Rule } from '../rule.js';

export const RULES: Rule[] = [];
