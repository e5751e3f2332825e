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
import { ocrConfidence, type Evidence } from './evidence.js';
import { findAmounts } from './normalize/amount.js';
import { findDates } from './normalize/date.js';
import { normalizeVat } from './normalize/vat.js';
import { partyFacts, type PartyFactLine } from './party-evidence.js';
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
const SELECTION_DOUBTS = ['conflict', 'not-agreed', 'close-rival', 'weak', 'ocr-low', 'unlabelled', 'unlabelled-rival', 'unclosed', 'not-agreed-scan', 'weak-scan'] as const;
type SelectionDoubt = (typeof SELECTION_DOUBTS)[number];
/**
 * Page doubts (evidence14, pageEvidence below), from facts printed on the page:
 *   printed-once               the value is printed on one line only (or none: derived);
 *   printed-once-not-agreed    printed once, and the verdict is not `agreed`;
 *   sender-unsupported         the sender's name is in no web/e-mail domain, no account-holder line, on one line only;
 *   sender-unsupported-not-agreed  the same, and the verdict is not `agreed`;
 *   sender-domain-clash        the page prints a company domain and the sender's name spells none;
 *   recipient-sender-like      the recipient's name is the sender's, spells the page's domain, is the account holder, or is a bank;
 *   due-off-terms              printed terms of N days, and due ≠ issue + N for every N;
 *   date-order                 the due date is before the issue date;
 *   recipient-side             a VAT id / IBAN printed on the customer's side (customer words on its line or the line above, or in the recipient's address block).
 * Party doubts (abstain16, party-evidence.ts), from the name's place on the page:
 *   role-clash                 the heading over the name (or its own key) names the other role;
 *   same-party                 the sender and the recipient are the same party;
 *   sender-no-place            the sender has no sender heading or key, is not printed in the letterhead zone, has no address under it, is on no return-address line, and no domain, holder line or second printing supports it;
 *   recipient-no-block         the recipient has no recipient heading and no address under it;
 *   recipient-in-letterhead    the recipient is printed in the letterhead zone (top of the first page).
 *   recipient-letterhead-unheaded  that, and no recipient heading or key stands over the chosen name.
 */
const PAGE_DOUBTS = ['printed-once', 'printed-once-not-agreed', 'sender-unsupported', 'sender-unsupported-not-agreed', 'sender-domain-clash', 'recipient-sender-like', 'due-off-terms', 'date-order', 'recipient-side', 'role-clash', 'same-party', 'sender-no-place', 'recipient-no-block', 'recipient-in-letterhead', 'recipient-letterhead-unheaded'] as const;
export const DOUBTS = [...SELECTION_DOUBTS, ...PAGE_DOUBTS] as const;
export type Doubt = (typeof DOUBTS)[number];

/**
 * Fields emptied when a doubt holds. Chosen per field by the pre-registered criterion on the
 * precision development set (docs/decisions.md, `prec13`): a gross total that a rival total as
 * strong contradicts and no arithmetic closes dropped 4 wrong values and no right one on real
 * documents, in several sources; no other doubt of any field paid for the right values it drops
 * there, nor did abstain16's party doubts on first-unseen names (docs/decisions.md, `abstain16`).
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
  const held: Record<SelectionDoubt, boolean> = {
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
  return SELECTION_DOUBTS.filter((d) => held[d]);
}

// ------------------------------------------------------------------ evidence from the page (evidence14)
// prec13 found that by every cue selection records, wrong values look like right ones. These are
// facts a wrong value rarely has and a right one usually has, each read from the page itself and
// independent of how the value was chosen: the value printed a second time, the sender's name in
// the web/e-mail domain or the account holder line, due = issue + the printed terms, a VAT id or
// IBAN printed on the customer's side. They are recorded on every kept field (`evidence:<a+b>`,
// and as doubts) and only empty a field where the development set adopted them (ABSTAIN_ON).

/** One line of the read document: its text, page and top-left corner (points); its height, page height and segments where the page has geometry (the party facts). */
export type FactLine = PartyFactLine;

/** The page facts the evidence is read from; the chosen values of the other fields come from the selection. */
export interface PageFacts {
  lines: FactLine[];
}

/** The page facts of the read lines: geometry (heights, segments) only where the line has a place on its page. */
export function pageFactsOf(ev: Evidence): PageFacts {
  return { lines: ev.lines.map((l) => ({ text: l.text, page: l.page, x: l.bbox.x, y: l.bbox.y, ...(l.positioned ? { h: l.bbox.h, pageHeight: l.pageHeight, segments: l.segments.map((sg) => ({ text: sg.text, x: sg.bbox.x, y: sg.bbox.y, h: sg.bbox.h })) } : {}) })) };
}

const IDENTIFIERS = new Set<GenericField>(['document_number', 'payment_reference', 'customer_number', 'iban', 'bic', 'sender_vat_number']);
const AMOUNTS = new Set<GenericField>(['net_amount', 'gross_amount', 'tax_amount']);
const DATES = new Set<GenericField>(['issue_date', 'payment_due_date']);
const PARTIES = new Set<GenericField>(['sender_name', 'recipient_name']);
const compact = (x: unknown) => String(x ?? '').toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');
const fold = (x: string) => x.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
const LEGAL = /^(gmbh|mbh|ag|kg|ohg|gbr|ug|se|bv|nv|inc|ltd|llc|plc|sarl|sas|sa|srl|spa|co|cie|und|and|et|en|e|v|ev|the|der|die|das|le|la|les|de|du|des|van|von|und)$/;
/** A party's distinctive words: folded, without legal forms and filler words, at least three letters. */
export function partyTokens(name: unknown): string[] {
  return fold(String(name ?? '')).split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && !LEGAL.test(w));
}
/** The party is printed on the line: every one of its first two distinctive words. */
const WEB = /\S+@\S+|\b(?:https?:\/\/|www\.)\S+/gi;
/** The folded words a line prints outside its web and e-mail addresses (an address spells a name but does not print it: that is the `domain` fact). */
const lineWords = (line: string) => new Set(fold(line.replace(WEB, ' ')).split(/[^a-z0-9]+/));
const printsParty = (tokens: string[], words: Set<string>) => tokens.length > 0 && tokens.slice(0, 2).every((t) => words.has(t));
const partyOnLine = (tokens: string[], line: string) => printsParty(tokens, lineWords(line));

/**
 * Each line's values as the evidence compares them, read once per document: every field's check
 * looks at every line, and parsing amounts and dates per field made extraction ~35 % slower.
 */
interface LineReadings {
  amounts?: string[][];
  dates?: string[][];
  compact?: string[];
  words?: Set<string>[];
  domains?: string[];
}
const readingsOf = new WeakMap<FactLine[], LineReadings>();
function lineReadings(lines: FactLine[]): LineReadings {
  let r = readingsOf.get(lines);
  if (!r) readingsOf.set(lines, (r = {}));
  return r;
}
const lineAmounts = (lines: FactLine[]) => (lineReadings(lines).amounts ??= lines.map((l) => findAmounts(l.text).map((h) => h.value.replace(/^-/, ''))));
const lineDates = (lines: FactLine[]) => (lineReadings(lines).dates ??= lines.map((l) => [...findDates(l.text, 'dmy'), ...findDates(l.text, 'mdy')].map((h) => h.value)));
const lineCompact = (lines: FactLine[]) => (lineReadings(lines).compact ??= lines.map((l) => compact(l.text)));
const linePartyWords = (lines: FactLine[]) => (lineReadings(lines).words ??= lines.map((l) => lineWords(l.text)));

/** How many lines print the value (an amount or date as any of its printed forms, an id ignoring spaces, a party by its words). */
export function printedLines(field: GenericField, value: unknown, lines: FactLine[]): number {
  if (AMOUNTS.has(field)) {
    const want = String(value).replace(/^-/, '');
    return lineAmounts(lines).filter((a) => a.includes(want)).length;
  }
  if (DATES.has(field)) return lineDates(lines).filter((d) => d.includes(value as string)).length;
  if (IDENTIFIERS.has(field)) {
    const want = compact(value);
    if (want.length < 4) return 0;
    return lineCompact(lines).filter((c) => c.includes(want)).length;
  }
  if (PARTIES.has(field)) {
    const tokens = partyTokens(value);
    return linePartyWords(lines).filter((w) => printsParty(tokens, w)).length;
  }
  return 0;
}

/** Mail providers: their domain names nobody's company. */
const FREE_MAIL = new Set(['gmail', 'googlemail', 'gmx', 'web', 't-online', 'outlook', 'hotmail', 'live', 'yahoo', 'icloud', 'me', 'aol', 'mail', 'posteo', 'freenet', 'orange', 'wanadoo', 'free', 'laposte', 'protonmail', 'proton', 'online', 'arcor', 'ziggo', 'kpnmail', 'libero', 'virgilio', 'tiscali']);
/** The company parts of the web and e-mail domains printed on the page ("info@nordlicht-technik.de" → "nordlicht-technik"). */
export function pageDomains(lines: FactLine[]): string[] {
  return (lineReadings(lines).domains ??= domainsOf(lines));
}
function domainsOf(lines: FactLine[]): string[] {
  const out = new Set<string>();
  for (const l of lines) {
    for (const m of l.text.matchAll(/(?:@|\bwww\.|https?:\/\/(?:www\.)?)((?:[a-z0-9-]+\.)*[a-z0-9-]+)\.[a-z]{2,6}\b/gi)) {
      const labels = m[1]!.toLowerCase().split('.');
      const name = labels[labels.length - 1]!;
      if (name.length >= 2 && !FREE_MAIL.has(name)) out.add(name);
    }
  }
  return [...out];
}
/** The party's words spell the domain: a distinctive word inside it, the domain inside the joined words, or the distinctive words' initials. */
export function domainSpells(domain: string, name: unknown): boolean {
  const tokens = partyTokens(name);
  if (!tokens.length) return false;
  const d = domain.replace(/-/g, '');
  if (tokens.some((t) => t.length >= 4 && d.includes(t))) return true;
  const joined = tokens.join('');
  if (d.length >= 4 && joined.includes(d)) return true;
  return tokens.length >= 2 && d.length >= 2 && tokens.map((w) => w[0]).join('') === d;
}

const HOLDER = /(konto ?inhaber|kontoinhaberin|inhaber|account (holder|name)|beneficiary|payee|titulaire|b[ée]n[ée]ficiaire|rekeninghouder|ten name van|t\.n\.v\.|intestatario|intestato a|beneficiario|titular)\b/i;
const BANK = /\b(bank|sparkasse|volksbank|raiffeisenbank|postbank|banque|banca|banco|kreditinstitut)\b/i;
/** Printed terms of payment in days: "zahlbar innerhalb 14 Tagen", "Net 30", "30 days", "binnen 14 dagen". */
export function printedTerms(lines: FactLine[]): number[] {
  const out = new Set<number>();
  for (const l of lines) {
    for (const m of l.text.matchAll(/(?<![\d.,])(\d{1,3})\s*(?:-\s*)?(?:kalender|calendar\s*)?(tage|tagen|tg\.|days|day|jours|dagen|giorni|d[ií]as)\b/gi)) out.add(Number(m[1]));
    for (const m of l.text.matchAll(/\b(?:net|netto|netto kasse)\s*(\d{1,3})\b/gi)) out.add(Number(m[1]));
  }
  return [...out].filter((n) => n > 0 && n <= 120);
}
const addDays = (iso: string, n: number) => {
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(t) ? null : new Date(t + n * 86_400_000).toISOString().slice(0, 10);
};
/** Words that put a VAT id or an account on the customer's side ("Ihre USt-IdNr.", "wird von Ihrem Konto abgebucht"). */
const CUSTOMER_SIDE = /\b(ihre?[mnrs]?|kunden?[-\w]*|customer|your|client|buyer|acheteur|votre|vos|uw|klant|afnemer|vostr[ao]|cliente|su|debtor|leistungsempf[äa]nger|rechnungsempf[äa]nger|lastschrift\w*|abgebucht|abbuchung|einzug|direct debit|pr[ée]l[èe]vement|domicili[ëe]ring|incasso|addebito|domiciliaci[óo]n|mandat\w*)\b/i;

const firstPageOf = (lines: FactLine[]) => lines.reduce((m, l) => Math.min(m, l.page), Infinity);

export interface PageEvidence {
  /** Positive facts (recorded as `evidence:`). */
  cues: string[];
  /** Page doubts (recorded among `doubts:`). */
  doubts: Doubt[];
}

/**
 * The page's evidence on one chosen value. `others` are the chosen values of the other fields
 * (before any abstention), `at` the chosen reading's place.
 */
export function pageEvidence(field: GenericField, value: unknown, verdict: Verdict, facts: PageFacts, others: Partial<Record<GenericField, unknown>>, at?: { page: number; x: number; y: number } | null, recipientAt?: { page: number; x: number; y: number } | null): PageEvidence {
  const cues: string[] = [];
  const doubts: Doubt[] = [];
  const lines = facts.lines;
  const printable = AMOUNTS.has(field) || DATES.has(field) || IDENTIFIERS.has(field) || PARTIES.has(field);
  const printed = printable ? printedLines(field, value, lines) : 0;
  if (printable) {
    if (printed >= 2) cues.push('printed-twice');
    else {
      doubts.push('printed-once');
      if (verdict !== 'agreed') doubts.push('printed-once-not-agreed');
    }
  }
  const domains = pageDomains(lines);
  if (field === 'sender_name') {
    const tokens = partyTokens(value);
    const domain = domains.some((d) => domainSpells(d, value));
    const holder = lines.some((l) => HOLDER.test(l.text) && partyOnLine(tokens, l.text.replace(HOLDER, ' ')));
    if (domain) cues.push('domain');
    if (holder) cues.push('holder');
    if (!domain && !holder && printed < 2) {
      doubts.push('sender-unsupported');
      if (verdict !== 'agreed') doubts.push('sender-unsupported-not-agreed');
    }
    if (domains.length && !domain) doubts.push('sender-domain-clash');
    const party = partyFacts('sender_name', value, lines, at ?? null, firstPageOf(lines), others.recipient_name, domain || holder || printed >= 2, (t) => partyOnLine(tokens, t));
    cues.push(...party.cues);
    doubts.push(...party.doubts);
  }
  if (field === 'recipient_name') {
    const sender = others.sender_name;
    const tokens = partyTokens(value);
    const likeSender = (sender != null && tokens.length > 0 && partyTokens(sender).join(' ') === tokens.join(' ')) || domains.some((d) => domainSpells(d, value)) || lines.some((l) => HOLDER.test(l.text) && partyOnLine(tokens, l.text.replace(HOLDER, ' '))) || BANK.test(String(value));
    if (likeSender) doubts.push('recipient-sender-like');
    const party = partyFacts('recipient_name', value, lines, at ?? null, firstPageOf(lines), sender, false, (t) => partyOnLine(tokens, t));
    cues.push(...party.cues);
    doubts.push(...party.doubts);
  }
  if (DATES.has(field)) {
    const issue = field === 'issue_date' ? value : others.issue_date;
    const due = field === 'payment_due_date' ? value : others.payment_due_date;
    if (typeof issue === 'string' && typeof due === 'string' && due < issue) doubts.push('date-order');
    if (field === 'payment_due_date' && typeof issue === 'string') {
      const terms = printedTerms(lines);
      if (terms.some((n) => addDays(issue, n) === value)) cues.push('terms-agree');
      else if (terms.length && value !== issue) doubts.push('due-off-terms');
    }
  }
  if ((field === 'sender_vat_number' || field === 'iban') && at) {
    const want = compact(value);
    const own = lines.filter((l) => l.page === at.page && compact(l.text).includes(want));
    const above = (l: FactLine) => lines.filter((o) => o.page === l.page && o.y < l.y && l.y - o.y < 30 && Math.abs(o.x - l.x) < 80).sort((a, b) => b.y - a.y)[0];
    const customer = own.some((l) => CUSTOMER_SIDE.test(l.text) || CUSTOMER_SIDE.test(above(l)?.text ?? ''));
    // In the recipient's address block: below its name, at its left edge, within a few lines.
    const inBlock = Boolean(recipientAt && recipientAt.page === at.page && at.y > recipientAt.y && at.y - recipientAt.y < 80 && Math.abs(at.x - recipientAt.x) < 60);
    if (customer || inBlock) doubts.push('recipient-side');
  }
  return { cues, doubts };
}

const reasonOf = (field: GenericField, doubt: Doubt) => `${field}_${doubt === 'not-agreed' ? 'not_agreed' : doubt.replace(/-/g, '_')}`;

/**
 * Judges every chosen field, records the verdict and its doubts, and empties the fields whose
 * adopted doubt (ABSTAIN_ON) holds. `all` are every candidate; selection's own pools (after its
 * plausibility filters) are used for the verdict where it kept them.
 */
export function applyAgreement(sel: Selection, all: Candidate[], type: TypeCues, abstainOn: Partial<Record<GenericField, Doubt>> = ABSTAIN_ON, facts?: PageFacts): Map<GenericField, FieldAgreement> {
  const out = new Map<GenericField, FieldAgreement>();
  // The other fields' values as selection chose them (before any is emptied here).
  const others = Object.fromEntries(Object.entries(sel.chosen).map(([f, c]) => [f, c?.value])) as Partial<Record<GenericField, unknown>>;
  const placeOf = (c: Candidate | null | undefined) => (c?.source?.bbox && c.source.page != null ? { page: c.source.page, x: c.source.bbox.x, y: c.source.bbox.y } : null);
  const recipientAt = placeOf(sel.chosen.recipient_name?.winner);
  for (const field of Object.keys(sel.chosen) as GenericField[]) {
    const chosen = sel.chosen[field];
    const readings = all.filter((c) => c.field === field);
    const pool = sel.considered[field] ?? readings;
    const a = judgeField(field, chosen, pool, sel.conflict_fields.has(field), type);
    if (!a || !chosen) continue;
    out.set(field, a);
    const page = facts ? pageEvidence(field, chosen.value, a.verdict, facts, others, placeOf(chosen.winner), recipientAt) : { cues: [], doubts: [] };
    const doubts = [...doubtsOf(field, chosen, readings, a), ...page.doubts];
    const adopted = abstainOn[field];
    if (adopted && doubts.includes(adopted)) {
      delete sel.chosen[field];
      sel.reasons.add(reasonOf(field, adopted));
      if (a.verdict === 'conflict') sel.conflict_fields.add(field);
      continue;
    }
    chosen.transforms = [...(chosen.transforms ?? []), `agreement:${a.verdict}`, ...(a.cues.length ? [`cues:${a.cues.join('+')}`] : []), ...(page.cues.length ? [`evidence:${page.cues.join('+')}`] : []), ...(doubts.length ? [`doubts:${doubts.join('+')}`] : [])];
  }
  return out;
}
