// Technical identifiers of German energy bills (contract "Checks"): normalizers and
// format/check-digit tests, shared by the validation policy and review validation (V5).
import { checkIban, mod97 } from '../../extract/normalize/iban.js';

/** MaLo-ID: 11 digits, first 1–9, BDEW check digit (odd positions + 2 × even positions). */
export function maloValid(id: string): boolean {
  if (!/^[1-9]\d{10}$/.test(id)) return false;
  let odd = 0;
  let even = 0;
  for (let i = 0; i < 10; i++) {
    const d = id.charCodeAt(i) - 48;
    if (i % 2 === 0) odd += d; // positions 1, 3, 5, 7, 9
    else even += d;
  }
  return (10 - ((odd + 2 * even) % 10)) % 10 === id.charCodeAt(10) - 48;
}

/** MeLo / legacy Zählpunkt as printed (spaces, dots, lower case) → the 33-character form. */
export function normalizeMeteringPointId(raw: string): string {
  return raw.replace(/[\s.\u00a0-]/g, '').toUpperCase();
}

/** `DE` + 6 digits (operator) + 5-digit postcode + 20 alphanumerics, after normalizing. */
export function meteringPointIdValid(raw: string): boolean {
  return /^DE\d{6}\d{5}[A-Z0-9]{20}$/.test(normalizeMeteringPointId(raw));
}

/**
 * Market partner code of a network/metering operator: 13 digits. BDEW (99…) and DVGW (98…)
 * codes end in a GS1 check digit (weights 1, 3 from the left); we check it, since a single
 * misread digit otherwise passes unnoticed.
 */
export function operatorCodeValid(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (code.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === code.charCodeAt(12) - 48;
}

/** German USt-IdNr: `DE` + 9 digits, the last an ISO 7064 MOD 11,10 check digit. */
export function vatIdValid(id: string): boolean {
  const v = id.replace(/\s/g, '').toUpperCase();
  if (!/^DE\d{9}$/.test(v)) return false;
  let p = 10;
  for (let i = 2; i < 10; i++) {
    let s = (v.charCodeAt(i) - 48 + p) % 10;
    if (s === 0) s = 10;
    p = (2 * s) % 11;
  }
  const check = 11 - p === 10 ? 0 : 11 - p;
  return check === v.charCodeAt(10) - 48;
}

/** ISO 13616 mod-97, the generic extractor's check. */
export function ibanValid(raw: string): boolean {
  return checkIban(raw).status === 'valid';
}

/** SEPA creditor identifier: CC + check digits + 3-character business code + national id (ISO 7064 mod 97 over id + CC + check). */
export function creditorIdValid(v: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(v)) return false;
  if (v.startsWith('DE') && v.length !== 18) return false;
  return mod97(v.slice(7) + v.slice(0, 4)) === 1;
}
