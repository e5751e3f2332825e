// Precision by agreement (issue 14, `abstain9`): "a field left empty is better than a wrong one;
// conflicts degrade quality". Each chosen generic field is judged by how many independent cues the
// extractor already has agree on its value, and whether a rival value is read as strongly:
//   agreed   — two or more independent cues,
//   single   — one cue or none,
//   conflict — a rival value about as strong as the chosen one that no closing cue (arithmetic,
//              checksum) rules out, or a clash selection itself flagged.
// The verdict is recorded on every field (provenance.transforms `agreement:<verdict>`,
// `cues:<a+b>`, and the doubts that hold, `doubts:<a+b>`); a field is emptied only where its doubt
// was adopted (ABSTAIN_ON) on the precision development set (docs/decisions.md, `prec13`). An emptied value stays among the field's
// candidates, the reason goes to the run's notes, and an emptied conflict to conflict_fields
// (quality.ai.conflict_fields, quality.status degraded: spec Q1).
import { sameParty } from './agreement.js';
import { ocrConfidence } from './evidence.js';
import { normalizeVat } from './normalize/vat.js';
import type { Selection } from './select.js';
import type { Candidate, GenericField } from './types.js';

export type Verdict = 'agreed' | 'single' | 'conflict';
export interface FieldAgreement {
  verdict: Verdict;
  cues: string[];
}

/**
 * Doubts (prec13): named conditions on a chosen value that an abstention rule can use, each from
 * facts the extractor already has. Recorded on every kept field (`doubts:<a+b>`) so the precision
 * development set (scripts/eval-precision-dev.js) scores exactly the rule the engine applies:
 *   conflict         the verdict is `conflict`;
 *   not-agreed       the verdict is `single` or `conflict`;
 *   close-rival      another value of the field is read within CONFLICT_MARGIN of the winner's best reading;
 *   weak             the winner's best reading scores under STRONG (or the value was derived, no reading);
 *   ocr-low          the winner was read from OCR words of low confidence;
 *   unlabelled       no cue ties the value to the field (label, party block, title, arithmetic, checksum, term);
 *   unlabelled-rival unlabelled, and another value of the field was read;
 *   unclosed         an amount no arithmetic confirms;
 *   not-agreed-scan, weak-scan  the same, only for a value read by OCR.
 */
export const DOUBTS = ['conflict', 'not-agreed', 'close-rival', 'weak', 'ocr-low', 'unlabelled', 'unlabelled-rival', 'unclosed', 'not-agreed-scan', 'weak-scan'] as const;
export type Doubt = (typeof DOUBTS)[number];

/**
 * Fields emptied when a doubt holds. Chosen per field by the pre-registered criterion on the
 * precision development set (docs/decisions.md, `prec13`): a gross total that a rival total as
 * strong contradicts and no arithmetic closes dropped 4 wrong values and no right one on real
 * documents, in several sources; no other doubt of any field paid for the right values it drops.
 */
export const ABSTAIN_ON: Partial<Record<GenericField, Doubt>> = { gross_amount: 'conflict' };

/** The type decision's cues (index.ts decides the type after selection). */
export interface TypeCues {
  /** A title word in the heading zone named the type. */
  title: boolean;
  /** Titles on the first page name more than one type. */
  otherType: boolean;
  /** net + tax = gross (or a rate) confirmed the totals. */
  reconciled: boolean;
  /** A labelled invoice number. */
  labelledNumber: boolean;
  /** The chosen total is negative. */
  negativeTotal: boolean;
}

const LABELLED = new Set(['label_value', 'totals_table', 'sentence']);
const PARTY_PLACES = new Set(['address_block', 'sender_line', 'legal_footer']);
const MONEY = new Set<GenericField>(['net_amount', 'gross_amount', 'tax_amount', 'tax_breakdowns']);
/** A rival this close to the winner's best reading (and itself strong) is read as strongly. */
const CONFLICT_MARGIN = 0.5;
const STRONG = 2;

const key = (v: unknown) => JSON.stringify(v);

/**
 * Independent readings of the chosen value: printed in different places. Two rules reading the same
 * printed token (a label's value that is also VAT-id shaped) are one reading, not two.
 */
function readings(group: Candidate[]): number {
  return new Set(group.map((c) => (c.source?.bbox ? `${c.source.page}|${Math.round(c.source.bbox.y)}` : `${c.method}|${(c.label ?? '').toLowerCase()}`))).size;
}

function closeRival(winner: Candidate | null, pool: Candidate[], value: unknown, same: (a: unknown, b: unknown) => boolean): boolean {
  const top = winner?.score ?? Math.max(-Infinity, ...pool.filter((c) => key(c.value) === key(value)).map((c) => c.score));
  return pool.some((c) => c.value !== null && c.value !== undefined && !same(c.value, value) && c.score >= STRONG && top - c.score < CONFLICT_MARGIN);
}

/** The verdict on one chosen field; `pool` are the readings selection considered for it. */
export function judgeField(field: GenericField, chosen: Selection['chosen'][GenericField], pool: Candidate[], flagged: boolean, type?: TypeCues): FieldAgreement | null {
  if (!chosen || chosen.value === null || chosen.value === undefined) return null;
  if (Array.isArray(chosen.value) && chosen.value.length === 0) return null;
  const cues: string[] = [];
  if (field === 'type') {
    if (!type) return null;
    if (type.title) cues.push('title');
    if ((chosen.value === 'invoice' || chosen.value === 'credit-note') && type.reconciled) cues.push('arithmetic');
    if (chosen.value === 'invoice' && type.labelledNumber) cues.push('number');
    if (chosen.value === 'credit-note' && type.negativeTotal) cues.push('negative-total');
    return { verdict: type.otherType ? 'conflict' : cues.length >= 2 ? 'agreed' : 'single', cues };
  }
  const group = pool.filter((c) => key(c.value) === key(chosen.value));
  const w = chosen.winner;
  if ((w && LABELLED.has(w.method)) || group.some((c) => LABELLED.has(c.method))) cues.push('label');
  if (readings(group) >= 2) cues.push('repeat');
  const transforms = chosen.transforms ?? [];
  let closed = false;
  if (MONEY.has(field) && transforms.some((t) => /^confirm:(?!none)|^derive:|^sum:/.test(t))) {
    cues.push('arithmetic');
    closed = true;
  }
  if (field === 'sender_vat_number' && normalizeVat(String(chosen.value))?.checksum === 'valid') {
    cues.push('checksum');
    closed = true;
  }
  if (field === 'sender_vat_number' && w?.source?.bbox && w.source.page_size) {
    const y = w.source.bbox.y / w.source.page_size.height;
    if (y < 0.3 || y > 0.75) cues.push('party-zone');
  }
  if (field === 'iban') {
    cues.push('checksum');
    closed = true;
  }
  // A party's place on the page: its address block, the return-address line, the footer block.
  if ((field === 'sender_name' || field === 'recipient_name') && group.some((c) => PARTY_PLACES.has(c.method))) cues.push('block');
  if (field === 'payment_due_date' && group.some((c) => c.derived_from?.includes('issue_date'))) cues.push('term');
  const sameValue = field === 'sender_name' || field === 'recipient_name' ? sameParty : (a: unknown, b: unknown) => key(a) === key(b);
  const conflict = flagged || (!closed && closeRival(w, pool, chosen.value, sameValue));
  return { verdict: conflict ? 'conflict' : cues.length >= 2 ? 'agreed' : 'single', cues };
}

const TIES = new Set(['label', 'block', 'title', 'arithmetic', 'checksum', 'term']);

/**
 * The doubts that hold for a chosen value. `readingsOfField` are all readings of the field (every
 * candidate, as the result's `candidates` list shows them), not only the ones selection kept.
 */
export function doubtsOf(field: GenericField, chosen: NonNullable<Selection['chosen'][GenericField]>, readingsOfField: Candidate[], a: FieldAgreement): Doubt[] {
  const own = readingsOfField.filter((c) => key(c.value) === key(chosen.value)).map((c) => c.score);
  const rivals = readingsOfField.filter((c) => c.value !== null && c.value !== undefined && key(c.value) !== key(chosen.value)).map((c) => c.score);
  const score = own.length ? Math.max(...own) : null;
  const rival = rivals.length ? Math.max(...rivals) : null;
  const w = chosen.winner;
  const scan = ocrConfidence(w?.source?.bbox) !== undefined;
  const unlabelled = !a.cues.some((c) => TIES.has(c));
  const held: Record<Doubt, boolean> = {
    conflict: a.verdict === 'conflict',
    'not-agreed': a.verdict !== 'agreed',
    'close-rival': score !== null && rival !== null && score - rival < CONFLICT_MARGIN,
    weak: score === null || score < STRONG,
    'ocr-low': Boolean(w?.transforms.includes('ocr:low-confidence')),
    unlabelled,
    'unlabelled-rival': unlabelled && rival !== null,
    unclosed: MONEY.has(field) && !a.cues.includes('arithmetic'),
    'not-agreed-scan': scan && a.verdict !== 'agreed',
    'weak-scan': scan && (score === null || score < STRONG),
  };
  return DOUBTS.filter((d) => held[d]);
}

const reasonOf = (field: GenericField, doubt: Doubt) => `${field}_${doubt === 'not-agreed' ? 'not_agreed' : doubt.replace(/-/g, '_')}`;

/**
 * Judges every chosen field, records the verdict and its doubts, and empties the fields whose
 * adopted doubt (ABSTAIN_ON) holds. `all` are every candidate; selection's own pools (after its
 * plausibility filters) are used for the verdict where it kept them.
 */
export function applyAgreement(sel: Selection, all: Candidate[], type: TypeCues, abstainOn: Partial<Record<GenericField, Doubt>> = ABSTAIN_ON): Map<GenericField, FieldAgreement> {
  const out = new Map<GenericField, FieldAgreement>();
  for (const field of Object.keys(sel.chosen) as GenericField[]) {
    const chosen = sel.chosen[field];
    const readings = all.filter((c) => c.field === field);
    const pool = sel.considered[field] ?? readings;
    const a = judgeField(field, chosen, pool, sel.conflict_fields.has(field), type);
    if (!a || !chosen) continue;
    out.set(field, a);
    const doubts = doubtsOf(field, chosen, readings, a);
    const adopted = abstainOn[field];
    if (adopted && doubts.includes(adopted)) {
      delete sel.chosen[field];
      sel.reasons.add(reasonOf(field, adopted));
      if (a.verdict === 'conflict') sel.conflict_fields.add(field);
      continue;
    }
    chosen.transforms = [...(chosen.transforms ?? []), `agreement:${a.verdict}`, ...(a.cues.length ? [`cues:${a.cues.join('+')}`] : []), ...(doubts.length ? [`doubts:${doubts.join('+')}`] : [])];
  }
  return out;
}
