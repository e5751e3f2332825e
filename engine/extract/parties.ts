// Party blocks by position and role (issue 14, round 8): rules that hold on any invoice layout,
// with no heading and no wording of one program.
// - The sender from its own evidence: a name that two independent places confirm — the letterhead
//   zone, the footer's company line, the bank's account-holder line, the return-address line, a
//   footer's register or tax-id line, the e-mail or web domain — at least one of them a place
//   only the sender prints (footer, bank holder, return address, register). One-word names count
//   once confirmed. The letterhead block (fold7: the page's first line over its address and its own
//   tax or register number) proposes a name on its own.
// - The address window: an address-shaped block (name lines, a street line, a postcode-and-town
//   line in a country's pattern) in the window zone of page 1, with no heading, set in one size,
//   no contact rows under it.
import type { EvLine, Evidence, Segment } from './evidence.js';
import { LABELS, opensWithLabel } from './labels.js';
import { CONTACT_ROW, COUNTRY_NAME, domainsOf, ENDS_IN_TOWN, IDENTIFIER_LINE, idLineInBlock, keyedAsCompany, LETTER_KEYED_CONTACT, nameOverDepartment, TOWN_LINE, twinBlockRight } from './party-shapes.js';
import type { Candidate, SourceRef } from './types.js';

export interface PartyHelpers {
  cleanName(t: string): string | null;
  /** A name line of an address block (candidates.ts): what an id line inside the block must stand under (stacked32). */
  blockName(text: string): boolean;
  src(line: EvLine, seg: Segment | null): SourceRef;
  nearestAbove(pageLines: EvLine[], cur: Segment, x: number, reach?: number): Segment | undefined;
  /** A party heading set further above a block than its line spacing (candidates.ts). */
  partyHeadingAbove(pageLines: EvLine[], top: Segment, x: number): string | null;
  salutationOnly(t: string): boolean;
  separators: RegExp;
}

type Cue = 'top' | 'footer' | 'holder' | 'return' | 'register' | 'domain' | 'letterhead';

/** The bank's account-holder label: the name after it is the payee, the sender. */
const HOLDER = /^(?:kontoinhaber(?:in)?|account (?:name|holder)|titulaire(?: du compte)?|rekeninghouder|ten name van|t\.n\.v\.|beneficiary|b[ée]n[ée]ficiaire|beg[üu]nstigter)\s*:?\s+(.+)$/i;
/** A register or tax-id part right after a name in a footer line ("Lumora · USt-IdNr. DE…", "… · Amtsgericht Köln HRB 1234"). */
const REGISTER_PART = /^(?:amtsgericht|registergericht|handelsregister|HR[AB]\s?\d|RCS\b|KvK\b|company (?:no|number|reg)|registered in|ust-?id|vat (?:no|reg|id)|n° tva|tva intracom|btw-?(?:nr|nummer)|siret|siren)/i;
const BANKS = /\b(bank|sparkasse|banque|crédit|credit|rabobank|ing|volksbank|postbank)\b/i;

/** A one-word address heading of any kind ("Leistungsadresse", "Lieferanschrift", "Factuuradres"): the block is labelled. */
const ADDRESS_WORD = /^\p{L}*(?:adresse|address|anschrift|adres|indirizzo|dirección)$/iu;

const key = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const LEGAL_WORDS = /\b(gmbh|mbh|ag|kg|co|e\.?\s?k|ltd|llc|inc|plc|sarl|sas|sa|bv|b\.v|nv|srl)\b\.?/gi;

/** Web and e-mail domains printed anywhere, without hyphens ("falkenried-metallbau.de" → "falkenriedmetallbau"). */
/** The domain spells the name: its words (legal form dropped) begin the domain, or its first word of five letters or more does. */
function domainSpells(name: string, domains: string[]): boolean {
  const words = name.replace(LEGAL_WORDS, ' ').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((w) => w.normalize('NFD').replace(/[^a-z0-9]/g, ''));
  const all = words.join('');
  // A name of legal-form words only ("GmbH" left on a line) spells no domain.
  if (!words.length) return false;
  return domains.some((d) => d.length >= 4 && ((all.length >= 4 && (d.startsWith(all) || all.startsWith(d))) || (words[0]!.length >= 5 && d.startsWith(words[0]!))));
}

/**
 * The names each sender-only place proposes, with the places that print them. A footer company
 * line ("Name · Street · Town"), the bank's holder line, the return-address line, a footer's
 * register or tax-id line ("Name · HRB 1234"); the letterhead zone and the domain only confirm.
 */
function senderCues(ev: Evidence, pageLines: EvLine[], h: PartyHelpers): Map<string, { name: string; cues: Set<Cue>; line: EvLine; seg: Segment }> {
  const found = new Map<string, { name: string; cues: Set<Cue>; line: EvLine; seg: Segment }>();
  const add = (raw: string, cue: Cue, line: EvLine, seg: Segment) => {
    const name = h.cleanName(raw);
    if (!name || name.split(/\s+/).length > 6 || /\d/.test(name) || BANKS.test(name) || name.includes(':')) return;
    const k = key(name);
    const f = found.get(k) ?? { name, cues: new Set<Cue>(), line, seg };
    f.cues.add(cue);
    // Provenance: the return-address line when there is one (the sender's line on page 1), else the first place found.
    if (cue === 'return') Object.assign(f, { line, seg });
    found.set(k, f);
  };
  for (const line of ev.lines) {
    if (!line.positioned || line.source === 'text_field') continue;
    const text = line.segments.map((s) => s.text).join(' · ');
    const parts = text.split(h.separators).map((p) => p.trim()).filter(Boolean);
    const seg = line.segments[0]!;
    const holder = parts.map((p) => HOLDER.exec(p)).find(Boolean);
    if (holder) add(holder[1]!, 'holder', line, seg);
    // The name, then a street, then the town (a street part of its own or before a comma):
    // "ZI des Aulnes · 45000 Orléans" is an address without a name.
    const townAt = parts.findIndex((p, i) => i > 0 && ENDS_IN_TOWN.test(p));
    const townAfter = townAt >= 2 || (townAt === 1 && /\d.*,\s*\S/.test(parts[1]!));
    if (line.bbox.y > line.pageHeight * 0.8 && townAfter) add(parts[0]!, 'footer', line, seg);
    else if (line.bbox.y > line.pageHeight * 0.8 && parts.length >= 2 && REGISTER_PART.test(parts[1]!)) add(parts[0]!, 'register', line, seg);
    else if (line.page === pageLines[0]?.page && line.bbox.y < line.pageHeight * 0.45 && line.scale < 0.9 && townAfter) add(parts[0]!, 'return', line, seg);
  }
  const head = letterheadName(pageLines, h);
  if (head) add(head.seg.text, 'letterhead', head.line, head.seg);
  // The letterhead zone and the domain confirm a name proposed above (never propose one).
  const top = new Set(pageLines.filter((l) => l.bbox.y < l.pageHeight * 0.2).flatMap((l) => l.segments.map((s) => key(s.text.split(h.separators)[0]!))));
  const domains = domainsOf(ev);
  for (const [k, f] of found) {
    if (top.has(k)) f.cues.add('top');
    if (domainSpells(f.name, domains)) f.cues.add('domain');
  }
  return found;
}

/** A web address alone ("https://example.com"): a contact row of a letterhead (contacts32). */
const WEB_ADDRESS = /^https?:\/\/\S+$/i;
/** A contact row of a letterhead block: keyed, by one letter, an e-mail, phone or web address (contacts32). */
const isContact = (t: string) => CONTACT_ROW.test(t) || LETTER_KEYED_CONTACT.test(t) || WEB_ADDRESS.test(t);

/**
 * The letterhead as a block (fold7): the first text of page 1, a name line, over lines set in its
 * column (left- or right-aligned with it) that give an address and the firm's own tax or register
 * number ("Blanc-Conseil / 12 rue des Lices, 49100 Angers / SIRET … — TVA FR…"), or two contact rows
 * (contacts32). Only the issuer prints its register number or its phone and e-mail under its name at
 * the head of the page; a recipient's block carries them under a heading, and a heading is never a name.
 */
function letterheadName(pageLines: EvLine[], h: PartyHelpers): { line: EvLine; seg: Segment } | null {
  const first = pageLines.find((l) => l.segments.some((s) => s.text.trim()));
  if (!first || first.bbox.y > first.pageHeight * 0.15) return null;
  for (const seg of first.segments) {
    if (!h.cleanName(seg.text) || /\d/.test(seg.text) || seg.text.split(h.separators).length > 1) continue;
    const tol = Math.max(6, seg.bbox.h);
    const aligned = (s: Segment) => Math.abs(s.bbox.x - seg.bbox.x) < tol || Math.abs(s.bbox.x + s.bbox.w - (seg.bbox.x + seg.bbox.w)) < tol;
    // The block: aligned lines that follow one another (no gap over two and a half line heights).
    const block: Segment[] = [];
    let bottom = seg.bbox.y + seg.bbox.h;
    for (const l of pageLines) {
      if (l.bbox.y <= seg.bbox.y || block.length >= 7) continue;
      const s = l.segments.find(aligned);
      if (!s) continue;
      if (s.bbox.y - bottom > s.bbox.h * 2.5) break;
      block.push(s);
      bottom = s.bbox.y + s.bbox.h;
    }
    const texts = block.map((s) => s.text.trim());
    const address = texts.some((t) => TOWN_LINE.test(t) || t.split(h.separators).some((p) => ENDS_IN_TOWN.test(p.trim())));
    const ownId = texts.some((t) => (REGISTER_PART.test(t) || IDENTIFIER_LINE.test(t)) && !LABELS.recipient_vat.test(t));
    if (address && ownId) return { line: first, seg };
    // Or two contact rows or more under the name (a phone, an e-mail, a web address; contacts32): a freelancer's or a
    // shop's letterhead prints them instead of a register number. A block under a heading never opens the page, and a
    // line right over the town line is the street, not a name (a letterhead whose name is only a logo: "ZI des Aulnes /
    // 45000 Orléans / Tél …"). The next line holds a digit (a street) or is a contact row: a line of words alone under
    // the name may be the rest of it ("Dr. Maximilian Recht & Partner / Rechtsanwälte OG"; contacts32b).
    const next = texts[0];
    if (texts.filter(isContact).length >= 2 && !opensWithLabel(seg.text) && next !== undefined && !TOWN_LINE.test(next) && (/\d/.test(next) || isContact(next))) return { line: first, seg };
  }
  return null;
}

/** Sender and recipient candidates from the rules above; returns nothing when page 1 has no geometry. */
export function partyBlocks(ev: Evidence, pageLines: EvLine[], push: (c: Candidate) => void, h: PartyHelpers): void {
  if (!pageLines.length || !pageLines[0]!.positioned) return;
  const cues = senderCues(ev, pageLines, h);
  for (const f of cues.values()) {
    if (f.cues.size < 2) continue;
    // The letterhead block proposes a name (with the top zone, two cues) but never raises one that other places confirm.
    const weight = f.cues.size - (f.cues.has('letterhead') ? 1 : 0);
    push({ field: 'sender_name', value: f.name, raw: f.seg.text, score: 3 + 0.5 * weight, method: f.cues.has('return') ? 'sender_line' : weight > 1 ? 'legal_footer' : 'address_block', source: h.src(f.line, f.seg), transforms: ['trim', `confirm:${[...f.cues].sort().join('+')}`], meta: { cues: [...f.cues] } });
  }
  // A window whose name is the sender's is dropped by the selection (sameParty with the chosen sender).
  addressWindow(pageLines, push, h);
}

/**
 * How far above a window line (in its heights) the next line of the block may be. Lines of a
 * block follow within 1.2 heights; the town line may stand one blank line under the street
 * (DIN 676 and DIN 5008 before 2011 left one, as many German invoices still do). An OCR box is
 * the ink's (capitals, no line gap), about two thirds of the font's box that a text layer gives,
 * so the same printed gap measures half as much again in OCR heights.
 */
function windowReach(line: EvLine, aboveTown: boolean): number {
  const reach = aboveTown ? 2.5 : 1.2;
  return line.source === 'native' || line.source === 'text_field' ? reach : reach * 1.5;
}

/** The recipient's address window: see the file comment. */
function addressWindow(pageLines: EvLine[], push: (c: Candidate) => void, h: PartyHelpers) {
  for (const line of pageLines) {
    const H = line.pageHeight;
    if (line.bbox.y < H * 0.12) continue;
    if (line.bbox.y > H * 0.45) break;
    for (const town of line.segments) {
      if (!TOWN_LINE.test(town.text.trim())) continue;
      const block: Segment[] = [];
      let cur = town;
      let headed = false;
      for (let k = 0; k < 5; k++) {
        const up = h.nearestAbove(pageLines, cur, town.bbox.x, windowReach(line, k === 0));
        if (!up) break;
        if (idLineInBlock(up, h.nearestAbove(pageLines, up, town.bbox.x, windowReach(line, false)), h.blockName)) {
          cur = up;
          continue;
        }
        // A heading or a "key:" row: a labelled block, which the heading rules read.
        if (opensWithLabel(up.text) || /:\s*$/.test(up.text) || ADDRESS_WORD.test(up.text.trim())) {
          headed = true;
          break;
        }
        // The return-address line (smaller, separated parts) sits above the window, not in it.
        if (up.bbox.h < town.bbox.h * 0.85) break;
        block.unshift(up);
        cur = up;
      }
      // A department line opening the block: the addressee's name stands a blank line above it (fold18).
      const over = !headed && block.length ? nameOverDepartment(block[0]!, h.nearestAbove(pageLines, block[0]!, town.bbox.x, windowReach(line, true))) : null;
      if (over && h.cleanName(over.text) && !opensWithLabel(over.text)) block.unshift(over);
      // A heading set apart from the block (a blank line under it; fold11) labels it too.
      if (!headed && block.length && h.partyHeadingAbove(pageLines, block[0]!, town.bbox.x)) headed = true;
      if (headed || block.length < 2 || block[0]!.bbox.y < H * 0.1) continue;
      // Shape: the line above the town is the street (a number in it), the lines above it name lines of one size.
      const street = block[block.length - 1]!;
      const names = block.slice(0, -1);
      if (!/\d/.test(street.text) || names.some((n) => /\d{3,}/.test(n.text) || n.bbox.h > town.bbox.h * 1.25)) continue;
      // Contact rows under the town line (or under the country line that ends the address; french29) are a letterhead's.
      const column = (from: Segment) => pageLines.filter((l) => l.bbox.y > from.bbox.y && l.bbox.y - from.bbox.y < town.bbox.h * 3.5).flatMap((l) => l.segments).filter((s) => Math.abs(s.bbox.x - town.bbox.x) < 10);
      const country = column(town).find((s) => COUNTRY_NAME.test(s.text.trim()));
      const under = column(country ?? town);
      if (under.some((s) => CONTACT_ROW.test(s.text.trim()) || LETTER_KEYED_CONTACT.test(s.text.trim()))) continue;
      // A line keyed as the company ("Firma: … GmbH") names the party, not the contact person above it (recall20).
      const keyedCompany = names.find((n) => keyedAsCompany(pageLines.find((l) => l.index === n.line), n) && h.cleanName(n.text));
      const first = keyedCompany ?? names.find((n) => !h.salutationOnly(n.text.trim()));
      const name = first ? h.cleanName(first.text) : null;
      if (!first || !name) continue;
      // A second address block beside it on the same rows: nothing says which is the window (fold28d).
      const firstLine = pageLines.find((l) => l.index === first.line)!;
      if (twinBlockRight(line, town, firstLine)) continue;
      const lh = town.bbox.h || 10;
      const region = { page: line.page, x0: town.bbox.x - 10, x1: town.bbox.x + line.pageWidth * 0.3, y0: block[0]!.bbox.y - lh, y1: town.bbox.y + lh * 7 };
      push({ field: 'recipient_name', value: name, raw: first.text, score: 3, method: 'address_block', source: h.src(firstLine, first), transforms: ['trim', 'block:address-window'], meta: { block: 'window', region } });
    }
  }
}
