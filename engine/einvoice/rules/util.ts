// Shared helpers for rule checks: presence, exact decimals, XPath-like rounding.
import { CENT, dec, fractionDigits, ONE } from '../decimal.js';
import type { InvoiceLine, InvoiceModel } from '../model.js';
import type { Rule, RuleContext, RuleSet, Severity } from '../rule.js';

export const has = (v: string | undefined | null): v is string => v !== undefined && v !== null && v !== '';

export function rule(id: string, severity: Severity, sets: RuleSet[], about: string, check: (ctx: RuleContext) => number | boolean): Rule {
  return { id, severity, sets, about, check };
}

/** Count of failing items. */
export const count = <T>(items: T[], fails: (x: T) => boolean): number => items.filter(fails).length;

export { ONE };

/** XPath round(x * 100) div 100: half rounds toward positive infinity. */
export function round2(v: bigint): bigint {
  const shifted = v + CENT / 2n;
  const q = shifted / CENT;
  const floor = shifted < 0n && shifted % CENT !== 0n ? q - 1n : q;
  return floor * CENT;
}

export const d = dec;
export const num = (v: string | undefined): bigint => dec(v) ?? 0n;

export function moreThan2Decimals(v: string | undefined): boolean {
  return has(v) && fractionDigits(v) > 2;
}

/** Lines as the CEN rules of each syntax see them: CII counts every line item, UBL the top lines. */
export function cenLines(m: InvoiceModel): InvoiceLine[] {
  if (m.syntax === 'ubl') return m.lines;
  const out: InvoiceLine[] = [];
  const walk = (ls: InvoiceLine[]) => {
    for (const l of ls) {
      out.push(l);
      walk(l.sub_lines);
    }
  };
  walk(m.lines);
  return out;
}

export const isDate = (v: string | undefined) => has(v) && /^\d{4}-\d{2}-\d{2}$/.test(v);
