// Exact decimal arithmetic for amounts: values are BigInt scaled by 10^SCALE. Binary floating
// point would misjudge sums and roundings that the official artefacts compute exactly.

// 24 fraction digits: divisions (price / base quantity) keep the precision XPath decimals have.
export const SCALE = 24;
const FACTOR = 10n ** BigInt(SCALE);
/** 1 and 0.01 in fixed point. */
export const ONE = FACTOR;
export const CENT = FACTOR / 100n;

/** Parses an xs:decimal lexical value; null when it is not one. */
export function dec(text: string | undefined): bigint | null {
  if (text === undefined) return null;
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const frac = (m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  const v = BigInt(m[2] || '0') * FACTOR + BigInt(frac || '0');
  return m[1] === '-' ? -v : v;
}

/** Number of fraction digits as written ("1.50" → 2). */
export function fractionDigits(text: string): number {
  const i = text.trim().indexOf('.');
  return i < 0 ? 0 : text.trim().length - i - 1;
}

export function sum(values: Array<bigint | null>): bigint {
  let s = 0n;
  for (const v of values) if (v !== null) s += v;
  return s;
}

/** a / b rounded half away from zero at SCALE digits. */
export function div(a: bigint, b: bigint): bigint {
  return divRound(a * FACTOR, b);
}

function divRound(n: bigint, d: bigint): bigint {
  const neg = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (ad * 2n);
  return neg ? -q : q;
}

/** Rounds to `digits` fraction digits, half away from zero (XPath round-half-to... see rules). */
export function round(v: bigint, digits: number): bigint {
  const unit = 10n ** BigInt(SCALE - digits);
  return divRound(v, unit) * unit;
}

export function abs(v: bigint): bigint {
  return v < 0n ? -v : v;
}

export function toText(v: bigint): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const int = a / FACTOR;
  const frac = (a % FACTOR).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}
