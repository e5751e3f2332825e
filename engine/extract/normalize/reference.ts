// Self-checking payment references: the ISO 11649 creditor reference ("RF18 5390 0754 7034",
// mod 97 like an IBAN) and the Belgian structured communication ("+++090/9337/55493+++", the
// first ten digits mod 97 give the last two; 0 counts as 97).

import { mod97 } from './iban.js';

export interface ReferenceHit {
  value: string;
  raw: string;
  index: number;
  kind: 'iso11649' | 'be_structured';
}

export function creditorReferenceValid(ref: string): boolean {
  const r = ref.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(r)) return false;
  return mod97(r.slice(4) + r.slice(0, 4)) === 1;
}

export function structuredCommunicationValid(digits: string): boolean {
  if (!/^\d{12}$/.test(digits)) return false;
  const check = Number(digits.slice(0, 10)) % 97 || 97;
  return check === Number(digits.slice(10));
}

/** Every valid creditor reference or structured communication in a piece of text. */
export function findPaymentReferences(text: string): ReferenceHit[] {
  const out: ReferenceHit[] = [];
  for (const m of text.matchAll(/\bRF\d{2}(?: ?[A-Z0-9]{1,4}){1,6}\b/gi)) {
    // The longest prefix (in groups) that checks: a following word is not part of it.
    const groups = m[0].split(' ');
    for (let n = groups.length; n >= 1; n--) {
      const cand = groups.slice(0, n).join(' ');
      if (creditorReferenceValid(cand)) {
        out.push({ value: cand.replace(/\s+/g, '').toUpperCase(), raw: cand, index: m.index!, kind: 'iso11649' });
        break;
      }
    }
  }
  for (const m of text.matchAll(/([+*]{3})\s?(\d{3})\s?\/\s?(\d{4})\s?\/\s?(\d{5})\s?\1/g)) {
    const digits = `${m[2]}${m[3]}${m[4]}`;
    if (structuredCommunicationValid(digits)) out.push({ value: `+++${m[2]}/${m[3]}/${m[4]}+++`, raw: m[0], index: m.index!, kind: 'be_structured' });
  }
  return out;
}
