// The evaluator: runs the rules of a scenario's sets over one document and applies the
// scenario's custom levels. Schema (structure) findings come first: like KoSIT, a schema
// failure stops the evaluation and the business rules are not run.
import type { XmlElement } from '../formats/safe-xml.js';
import type { InvoiceDetection } from './detect.js';
import type { InvoiceModel } from './model.js';
import type { Rule, Severity } from './rule.js';
import { RULES } from './rules/index.js';
import type { Scenario } from './scenario.js';

export interface Finding {
  id: string;
  severity: Severity;
}

const bySet = new Map<string, Rule[]>();
function rulesFor(scenario: Scenario): Rule[] {
  const key = scenario.sets.join(',');
  let list = bySet.get(key);
  if (!list) {
    list = RULES.filter((r) => r.sets.some((s) => scenario.sets.includes(s)));
    bySet.set(key, list);
  }
  return list;
}

export function evaluateRules(root: XmlElement, model: InvoiceModel, detection: InvoiceDetection, scenario: Scenario): Finding[] {
  const ctx = { root, model, profile: detection.profile ?? 'unknown' };
  const out: Finding[] = [];
  for (const rule of rulesFor(scenario)) {
    const r = rule.check(ctx);
    if (r === true || (typeof r === 'number' && r > 0)) out.push({ id: rule.id, severity: scenario.customLevels[rule.id] ?? rule.severity });
  }
  return out;
}
