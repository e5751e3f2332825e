// IBAN check (ISO 13616 mod 97) in exact integer arithmetic: letters become 10..35, the
// country code and check digits move to the end, and the whole number mod 97 must be 1.
export function ibanChecksumOk(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '');
  if (!/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 2).toUpperCase() + iban.slice(2, 4);
  let digits = '';
  for (const ch of moved) {
    const cp = ch.codePointAt(0)!;
    // As the XRechnung rule computes it: code points above 64 map to cp - 55, others to cp - 48.
    digits += String(cp > 64 ? cp - 55 : cp - 48);
  }
  return BigInt(digits) % 97n === 1n;
}
