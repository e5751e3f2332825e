#!/usr/bin/env node
// names26 (issue 14): page-content corroboration of first-sight party names (docs/decisions.md, `names26`).
// Reads conf23's first-sight dumps `<dir>/*.jsonl` (default /tmp/c23; openable rounds 10–19 only, rule 7),
// keeps the emitted sender_name / recipient_name records, re-reads each document's cached reading
// (/tmp/docdesk-eval-generic, keyed by this worktree's reader fingerprint) and computes, from the page
// only, which places corroborate the emitted name (and, to see what would have pointed to it, the truth).
//   node scripts/precision/names.js                       feature table (rounds 10–16 / 17–19) and the policy search
//   node scripts/precision/names.js --singles --repos 2    the search on single features, each rule fed by >= 2 repositories
//   node scripts/precision/names.js --rows | --company | --rival [-v]   per-name rows (open rounds only)
//   node scripts/precision/names.js --current --dir D --save F   features of a current-engine dump of the openable documents
//   node scripts/precision/names.js --cost F                every rule holding >= 3 wrong per right in sample, priced on F
//   node scripts/precision/names.js --notparty [-v] [--with79 | --current --dir D]   notname26's predicate per round (open rounds)
//   node scripts/precision/names.js --measure --rounds new22 --dir D   the pre-registered rule's counts only (aggregates:
//                                                          allowed on a closed round, rule 7; nothing per document is printed)
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url);
const dist = new URL('dist/', root);
const arg = (k) => (process.argv.indexOf(k) >= 0 ? process.argv[process.argv.indexOf(k) + 1] : null);
const DIR = arg('--dir') ?? '/tmp/c23';
const corpus = process.env.DOCDESK_CORPUS ?? new URL('.corpus/', root).pathname;
const { readerFingerprint } = await import(new URL('scripts/reader-fingerprint.js', root).href);
const { buildEvidence } = await import(new URL('engine/extract/evidence.js', dist).href);
const fa = await import(new URL('engine/extract/field-agreement.js', dist).href);
const pe = await import(new URL('engine/extract/party-evidence.js', dist).href);
const shapes = await import(new URL('engine/extract/party-shapes.js', dist).href);
const { LABELS } = await import(new URL('engine/extract/labels.js', dist).href);
const { sameParty } = await import(new URL('engine/extract/agreement.js', dist).href);
const { notParty } = await import(new URL('scripts/precision/not-party.js', root).href);
const { pageFactsOf, partyTokens, printedLines, pageDomains, domainSpells } = fa;
const reader = readerFingerprint(dist);
const cacheDir = join(tmpdir(), 'docdesk-eval-generic');
// First-sight rounds (conf23's dumps); with --current, a dump of the current engine on the openable documents
// (the tuned corpus split and the folded rounds: `corpus`, `new`, `new6`…`new19`).
// --with79: also rounds 7 and 9 (dumped by names26 the same way: engine of the commit that first measured them), as check rounds.
const WITH79 = process.argv.includes('--with79');
const FIRST_SIGHT = [...(WITH79 ? ['new7', 'new9'] : []), 'new10', 'new11', 'new12', 'new14', 'new15', 'new16', 'new17', 'new18', 'new19'];
const MEASURE = process.argv.includes('--measure');
const OPEN = new Set(MEASURE ? (arg('--rounds') ?? '').split(',').filter(Boolean) : process.argv.includes('--current') ? ['corpus', 'new', 'new6', 'new7', 'new9', ...FIRST_SIGHT] : FIRST_SIGHT);
if (MEASURE && ['--rows', '--company', '--rival', '--save', '--cost'].some((k) => process.argv.includes(k))) throw new Error('--measure prints aggregates only');

const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8'));
const docById = new Map(manifest.documents.map((d) => [d.id, d]));
function reading(id, rec) {
  const d = docById.get(id.replace(/#scan$/, ''));
  // Rule 7: open rounds and the tuned corpus split only; with --measure (aggregates only) the rounds named,
  // `heldout` being the corpus's held-out split (the dump's record says `source: 'heldout'`).
  const heldOut = MEASURE && !d?.source && rec?.source === 'heldout' && OPEN.has('heldout');
  if (!d || (!heldOut && (!OPEN.has(d.source ?? 'corpus') || (!d.source && d.split !== 'tuned')))) return null;
  const h = createHash('sha256');
  if (id.endsWith('#scan')) for (let i = 1; i <= d.scan_pages; i++) h.update(readFileSync(join(corpus, 'scans', d.id, `p${i}.jpg`)));
  else h.update(readFileSync(join(corpus, d.pdf)));
  const file = join(cacheDir, `${h.update(reader).digest('hex')}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

// ---------------------------------------------------------------- page facts of one name
const fold = (x) => String(x ?? '').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
const WEB = /\S+@\S+|\b(?:https?:\/\/|www\.)\S+/gi;
const words = (t) => new Set(fold(t.replace(WEB, ' ')).split(/[^a-z0-9]+/));
/** The line prints the name: its first two distinctive words (field-agreement.ts's test). */
const prints = (tokens, text) => tokens.length > 0 && tokens.slice(0, 2).every((t) => words(text).has(t));
const HOLDER = /(konto ?inhaber|kontoinhaberin|inhaber|account (holder|name)|beneficiary|payee|titulaire|b[ée]n[ée]ficiaire|rekeninghouder|ten name van|t\.n\.v\.|intestatario|intestato a|beneficiario|titular|zahlungsempf[äa]nger|payable to|pay to|remit to|make (?:cheques|checks) payable)/i;
const BANKING = /\b(iban|bic|swift|konto(?:nummer|nr)?|account (?:no|number|#)|bankverbindung|bank details|bank account|sort code|routing|blz|rib)\b/i;
const BANK_NAME = /(bank|sparkasse|volksbank|raiffeisen|postbank|banque|banca|banco|kreditinstitut)/i;
/** One role word (party-evidence.ts's SENDER_WORD / RECIPIENT_WORD, whole word). */
const ROLE_WORD = /^(verk[äa]ufer|vendeur|seller|supplier|vendor|lieferant|leverancier|verkoper|fournisseur|[ée]metteur|absender|rechnungssteller|aussteller|biller|issuer|sprzedawca|proveedor|emisor|fornitore|cedente|prodejce|dodavatel|k[äa]ufer|acheteur|buyer|customer|kunde|client|klant|afnemer|purchaser|rechnungsempf[äa]nger|nabywca|destinatario|cessionario|destinataire|auftraggeber|kupuj[íi]c[íi]|odb[ěe]ratel|from|to)$/i;
const TAX_ID = /\b(ust\.?-?\s?id\.?(?:nr\.?)?|ust-?idnr|uid(?:-?nr)?|vat(?:\s?(?:id|no|number|reg))?|tva|iva|btw|steuer-?\s?(?:nr|nummer)|st\.?-?nr|tax id|hrb|hra|fn\s?\d|firmenbuch\w*|handelsregister|amtsgericht|registergericht|kvk|siret|siren|rcs|nip|cif|nif|abn|gst(?:in)?|cnpj|cpf|ico|dic|regon|krs)\b|\b(?:ATU\d{8}|DE\d{9}|FR[0-9A-Z]{2}\d{9}|NL\d{9}B\d{2}|GB\d{9})\b/i;
const COPYRIGHT = /©|\(c\)\s*\d{4}|\bcopyright\b/i;
const SIGN_OFF = /(mit freundlichen gr[üu]ßen|freundliche gr[üu]ße|beste gr[üu]ße|sincerely|best regards|kind regards|regards|cordialement|salutations|met vriendelijke groet|cordiali saluti|atentamente|thank you for (?:your|choosing)|vielen dank f[üu]r)/i;

// The eval's name comparison (scripts/eval-generic.js norm.name).
const SALUTATION = /^(herrn?|frau|firma|mr\.?|mrs\.?|ms\.?|monsieur|madame)\s+/i;
const NAME_FORMS = /\b(gmbh|mbh|ag|kg|se|b\.?v\.?|n\.?v\.?|inc|ltd|llc|plc|limited|corp|sarl|sas|s\.?a\.?|s\.?p\.?a\.?|s\.?r\.?l\.?|a\.?g\.?)\b\.?/gi;
const norm = (v) => String(v).replace(/\s+/g, ' ').trim().replace(SALUTATION, '').toLowerCase().replace(NAME_FORMS, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const lineInfo = (ev) => ev.lines.map((l) => ({ l, y: l.positioned && l.pageHeight ? l.bbox.y / l.pageHeight : null, x: l.positioned && l.pageWidth ? l.bbox.x / l.pageWidth : null }));
/** The lines that print the name. */
const printing = (info, tokens) => info.filter((i) => prints(tokens, i.l.text));
/** The line of the chosen reading: the printing line on the recorded page nearest the recorded height. */
function ownLine(info, tokens, rec) {
  const c = printing(info, tokens).filter((i) => rec.page == null || i.l.page === rec.page);
  if (!c.length) return null;
  return c.sort((a, b) => Math.abs((a.y ?? 0) - (rec.region ?? 0)) - Math.abs((b.y ?? 0) - (rec.region ?? 0)))[0];
}
const near = (info, i, k) => info.filter((o) => o.l.page === i.l.page && Math.abs(o.l.index - i.l.index) <= k);

function nameFacts(name, info, ev, facts, other, rec) {
  const tokens = partyTokens(name);
  const f = {};
  const pr = printing(info, tokens);
  f.printed = pr.length;
  f.twice = pr.length >= 2;
  f.domain = pageDomains(facts.lines).some((d) => domainSpells(d, name));
  f.domainsOnPage = pageDomains(facts.lines).length > 0;
  // Bank: on a holder / payable-to line, or on a line within one line of a banking key (IBAN, account no.).
  f.bank = pr.some((i) => HOLDER.test(i.l.text) || near(info, i, 1).some((o) => BANKING.test(o.l.text)));
  // Beside a VAT id / tax or register number: the id within two lines of a printing, or on it.
  f.holder = pr.some((i) => HOLDER.test(i.l.text));
  // The name is a bank's, or printed on a banking line (the bank's name beside the IBAN, not the holder's).
  f.bankName = BANK_NAME.test(String(name)) || pr.some((i) => BANKING.test(i.l.text) && !HOLDER.test(i.l.text) && BANK_NAME.test(i.l.text));
  f.taxid = pr.some((i) => near(info, i, 2).some((o) => TAX_ID.test(o.l.text)));
  f.footer = pr.some((i) => i.y !== null && i.y > 0.85);
  f.copyright = pr.some((i) => near(info, i, 1).some((o) => COPYRIGHT.test(o.l.text)));
  f.signoff = pr.some((i) => info.some((o) => o.l.page === i.l.page && o.l.index < i.l.index && i.l.index - o.l.index <= 4 && SIGN_OFF.test(o.l.text)));
  f.returnLine = pr.some((i) => /\s[·•|*–-]\s|,\s/.test(i.l.text) && shapes.POSTCODE_IN_LINE.test(i.l.text) && i.l.text.length > String(name).length + 8);
  f.legalForm = shapes.SHORT_LEGAL_FORM.test(String(name));
  // The name is a heading or key itself ("Purchaser", "Nom du vendeur", "Bill From"): a label covering it whole, or role words only.
  const nm = String(name).trim();
  f.labelLike = Object.values(LABELS).some((re) => re.exec(nm)?.[0].length === nm.length) || (pe.headingRole(nm) !== null && nm.split(/\s+/).every((w) => ROLE_WORD.test(w) || /^(by|du|de|des|of|the|name|nom|from|bill|issued|to|an|zum|der|die)$/i.test(w)));
  f.sameAsOther = other != null && sameParty(name, other);
  const own = ownLine(info, tokens, rec);
  f.located = Boolean(own);
  const at = own && own.l.positioned ? { page: own.l.page, x: own.l.bbox.x, y: own.l.bbox.y } : null;
  const role = at ? pe.roleOver(facts.lines, at) : null;
  f.senderHeading = role === 'sender_name';
  f.recipientHeading = role === 'recipient_name';
  f.addressUnder = at ? pe.addressUnder(facts.lines, at) : false;
  f.letterhead = pr.some((i) => i.y !== null && i.y < 0.15 && i.l.page === ev.lines[0]?.page);
  // DIN 5008 / US address window: left half, between 15 % and 40 % of the first page's height.
  f.window = Boolean(own && own.y !== null && own.x !== null && own.y >= 0.15 && own.y <= 0.4 && own.x < 0.5 && own.l.page === ev.lines[0]?.page);
  // A person (no legal form) where a company with a legal form is printed within two lines (the same block).
  // Not the other party's name (a return-address line above the window is the sender's).
  const company = !f.legalForm && own ? near(info, own, 2).filter((o) => o !== own && !prints(tokens, o.l.text)).flatMap((o) => o.l.segments.filter((sg) => !(other != null && prints(partyTokens(other), sg.text)) && shapes.SHORT_LEGAL_FORM.test(sg.text) && !/\d/.test(sg.text) && partyTokens(sg.text).length > 0 && (!own.l.positioned || Math.abs(sg.bbox.x - own.l.segments.find((x) => prints(tokens, x.text))?.bbox.x ?? own.l.bbox.x) < 60))) : [];
  f.personBesideCompany = company.length > 0;
  f.companyText = company[0]?.text ?? null;
  // The sender's places: corroborations a reader uses for "who issued this".
  f.senderCorr = [f.domain, f.bank, f.taxid, f.footer, f.copyright, f.signoff, f.returnLine].filter(Boolean).length;
  return f;
}

const senderScore = (f) => [f.domain, f.holder, f.taxid, f.footer, f.copyright, f.signoff, f.returnLine, f.letterhead, f.twice].filter(Boolean).length;
// ---------------------------------------------------------------- records
const rows = readdirSync(DIR).filter((f) => f.endsWith('.jsonl')).flatMap((f) => readFileSync(join(DIR, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)));
const byDoc = new Map();
for (const r of rows) (byDoc.get(r.id) ?? byDoc.set(r.id, {}).get(r.id))[r.field] = r;
const names = rows.filter((r) => r.emitted && (r.field === 'sender_name' || r.field === 'recipient_name') && OPEN.has(r.source));
const recs = [];
let missing = 0;
for (const r of names) {
  const read = reading(r.id, r);
  if (!read) {
    missing++;
    continue;
  }
  const ev = buildEvidence(read.pages);
  const facts = pageFactsOf(ev);
  const info = lineInfo(ev);
  const otherField = r.field === 'sender_name' ? 'recipient_name' : 'sender_name';
  const other = byDoc.get(r.id)?.[otherField];
  const otherValue = other?.emitted ? other.value : null;
  const v = nameFacts(r.value, info, ev, facts, otherValue, r);
  // notname26: the emitted value is no party name at all (a label, a bank, a place).
  v.notParty = notParty(r.value, ev.lines, r.page ?? null, { LABELS });
  const t = nameFacts(r.truth, info, ev, facts, otherValue, r);
  // The other party's corroborations (when the other field was emitted): does the page name a better sender?
  // The page's best-corroborated sender-like name (a rival the page itself points to), for the swap study.
  let rival = null;
  if (r.field === 'sender_name' || process.argv.includes('--rival-all')) {
    const seen = new Set();
    for (const l of ev.lines) for (const sg of l.segments) {
      const t = sg.text.trim().replace(/[:,;]+$/, '');
      const key = partyTokens(t).slice(0, 2).join(' ');
      if (!key || seen.has(key) || t.length < 3 || t.length > 60 || /\d|@|www\./i.test(t) || t.split(/\s+/).length > 6) continue;
      seen.add(key);
      const g = nameFacts(t, info, ev, facts, null, { page: l.page, region: null });
      if (g.labelLike || shapes.TOWN_LINE.test(t) || shapes.CONTACT_ROW.test(t)) continue;
      const sc = senderScore(g);
      if (!rival || sc > rival.score) rival = { name: t, score: sc };
    }
  }
  recs.push({ rival, vScore: senderScore(v), source: r.source, repo: r.repo, id: r.id, field: r.field, right: r.right, value: r.value, truth: r.truth, method: r.method, verdict: r.verdict, v, t, otherValue, otherRight: other?.right ?? null });
}
const count = (rs, p) => {
  const d = rs.filter(p);
  const w = d.filter((r) => !r.right).length;
  return [d.length - w, w];
};
if (MEASURE) {
  // Totals over the rounds named only (rule 7: nothing per document, nor per round).
  const [pr, pw] = count(recs, (x) => x.v.personBesideCompany);
  const [nr, nw] = count(recs, (x) => x.v.notParty !== null);
  const kinds = ['label', 'bank', 'place'].map((k) => { const [a, b] = count(recs, (x) => x.v.notParty === k); return `${k} ${a}/${b}`; }).join(', ');
  console.log(`rounds ${[...OPEN].join(',')}: names emitted ${recs.length} (right ${recs.filter((x) => x.right).length}, wrong ${recs.filter((x) => !x.right).length}); no reading ${missing}`);
  console.log(`  person-beside-company (names26 P) fires on right ${pr}, wrong ${pw}`);
  console.log(`  not-a-party-name (notname26) fires on right ${nr}, wrong ${nw} (right/wrong by kind: ${kinds})`);
  process.exit(0);
}
// --notparty: the notname26 predicate's right / wrong names removed, per round and kind (open rounds only).
if (process.argv.includes('--notparty')) {
  for (const s of [...OPEN, 'all']) {
    const rs = s === 'all' ? recs : recs.filter((r) => r.source === s);
    if (!rs.length) continue;
    const by = ['label', 'bank', 'place'].map((k) => { const [a, b] = count(rs, (x) => x.v.notParty === k); return `${k} ${a}/${b}`; }).join('  ');
    const [a, b] = count(rs, (x) => x.v.notParty !== null);
    console.log(`${s.padEnd(7)} names ${String(rs.length).padStart(3)} (R ${rs.filter((x) => x.right).length} W ${rs.filter((x) => !x.right).length})  removed R ${a} W ${b}   ${by}`);
  }
  if (process.argv.includes('-v')) for (const r of recs.filter((x) => x.v.notParty !== null)) console.log(r.source, r.right ? 'R' : 'W', r.field, r.v.notParty, JSON.stringify(r.value), '| truth', JSON.stringify(r.truth));
  process.exit(0);
}
const ROUNDS = [...OPEN];
if (process.argv.includes('--rival')) {
  const SAME = (a, b) => norm(a) === norm(b);
  const t = {};
  for (const r of recs.filter((x) => x.field === 'sender_name')) {
    const better = r.rival && r.rival.score >= r.vScore + Number(arg('--by') ?? 2) && !sameParty(r.rival.name, r.value);
    const k = `${r.source <= 'new16' ? '10-16' : '17-19'} ${r.right ? 'R' : 'W'} ${better ? 'rival-better' : '-'}${better ? (SAME(r.rival.name, r.truth) ? ' swap-right' : ' swap-wrong') : ''}`;
    t[k] = (t[k] ?? 0) + 1;
    if (process.argv.includes('-v')) console.log(r.source, r.right ? 'R' : 'W', JSON.stringify(r.value), r.vScore, '| rival', JSON.stringify(r.rival?.name), r.rival?.score, '| truth', JSON.stringify(r.truth));
  }
  console.log(t);
  process.exit(0);
}
if (process.argv.includes('--company')) {
  for (const r of recs.filter((x) => x.v.personBesideCompany)) console.log(r.id, r.source, r.field.slice(0, 4), r.right ? 'R' : 'W', JSON.stringify(r.value), '| company', JSON.stringify(r.v.companyText), norm(r.v.companyText).includes(norm(r.truth)) ? 'swap-right' : 'swap-wrong', '| truth', JSON.stringify(r.truth));
  process.exit(0);
}
if (process.argv.includes('--rows')) {
  for (const r of recs) {
    const on = (f) => Object.entries(f).filter(([k, x]) => x === true).map(([k]) => k).join(',');
    console.log(`${r.source} ${r.field.slice(0, 4)} ${r.right ? 'R' : 'W'} ${JSON.stringify(r.value)} [${on(r.v)} c${r.v.senderCorr} p${r.v.printed}]${r.right ? '' : `  truth ${JSON.stringify(r.truth)} [${on(r.t)} c${r.t.senderCorr} p${r.t.printed}]`}`);
  }
  process.exit(0);
}
console.log(`names: ${recs.length} (right ${recs.filter((r) => r.right).length}, wrong ${recs.filter((r) => !r.right).length}); no cached reading: ${missing}`);

// ---------------------------------------------------------------- table: right/wrong holding each feature, per field and round group
const FEATS = Object.keys(recs[0].v).filter((k) => typeof recs[0].v[k] === 'boolean');
const groups = { '10-16': ['new10', 'new11', 'new12', 'new14', 'new15', 'new16'], '17-19': ['new17', 'new18', 'new19', ...(WITH79 ? ['new7', 'new9'] : [])] };
for (const field of ['sender_name', 'recipient_name']) {
  const fr = recs.filter((r) => r.field === field);
  console.log(`\n${field}: right ${fr.filter((r) => r.right).length} / wrong ${fr.filter((r) => !r.right).length}`);
  console.log('| feature of the emitted value | R10-16 | W10-16 | R17-19 | W17-19 | truth of the wrong ones holds it |');
  for (const k of [...FEATS, 'senderCorr>=1', 'senderCorr>=2']) {
    const get = (f) => (k.startsWith('senderCorr') ? f.senderCorr >= Number(k.slice(-1)) : f[k]);
    const cell = (g, right) => fr.filter((r) => groups[g].includes(r.source) && r.right === right && get(r.v)).length;
    const tw = fr.filter((r) => !r.right && get(r.t)).length;
    console.log(`| ${k} | ${cell('10-16', true)} | ${cell('10-16', false)} | ${cell('17-19', true)} | ${cell('17-19', false)} | ${tw}/${fr.filter((r) => !r.right).length} |`);
  }
}

// ---------------------------------------------------------------- policy search (abstain on a predicate of one field)
const base = {};
for (const k of FEATS) {
  base[k] = (f) => f[k];
  base[`!${k}`] = (f) => !f[k];
}
base['corr0'] = (f) => f.senderCorr === 0;
base['corr>=1'] = (f) => f.senderCorr >= 1;
// --singles: one feature per rule (no conjunctions); --repos N: a rule's wrong values must come from N repositories (the
// first-sight errors cluster by template: a rule fed by one template's errors is that template's rule).
const PAIRS = !process.argv.includes('--singles');
const MIN_REPOS = Number(arg('--repos') ?? 1);
const preds = {};
for (const field of ['sender_name', 'recipient_name']) {
  const ks = Object.keys(base);
  for (const a of ks) {
    preds[`${field}:${a}`] = (r) => r.field === field && base[a](r.v);
    if (!PAIRS) continue;
    for (const b of ks) if (a < b) preds[`${field}:${a}&${b}`] = (r) => r.field === field && base[a](r.v) && base[b](r.v);
  }
}
function choose(train, K = 3) {
  const chosen = [];
  let pool = train;
  for (let i = 0; i < K; i++) {
    let best = null;
    for (const [k, p] of Object.entries(preds)) {
      const [r, w] = count(pool, p);
      const v = w - 3 * r;
      if (w >= 2 && v > 0 && new Set(pool.filter((r) => !r.right && p(r)).map((r) => r.repo)).size >= MIN_REPOS && (!best || v > best.v || (v === best.v && k.length < best.k.length))) best = { k, v, r, w };
    }
    if (!best) break;
    chosen.push(best.k);
    pool = pool.filter((r) => !preds[best.k](r));
  }
  return chosen;
}
const applyP = (rs, ks) => count(rs, (r) => ks.some((k) => preds[k](r)));
const K = Number(arg('--k') ?? 3);
const der = groups['10-16'];
const ks = choose(recs.filter((r) => der.includes(r.source)), K);
console.log(`\npolicy chosen on rounds 10-16 (greedy, up to ${K} rules, each max wrong - 3*right, >= 2 wrong): ${ks.join(' | ')}`);
console.log(`  on 10-16 (in sample) dropped right/wrong ${applyP(recs.filter((r) => der.includes(r.source)), ks).join('/')}`);
for (const s of groups['17-19']) console.log(`  ${s}: dropped ${applyP(recs.filter((r) => r.source === s), ks).join('/')} of ${count(recs.filter((r) => r.source === s), () => true).join('/')}`);
console.log(`  17-19 together: dropped ${applyP(recs.filter((r) => groups['17-19'].includes(r.source)), ks).join('/')}`);
let tr = 0, tw = 0;
console.log('leave-one-round-out:');
for (const s of ROUNDS) {
  const k2 = choose(recs.filter((r) => r.source !== s), K);
  const [r, w] = applyP(recs.filter((x) => x.source === s), k2);
  tr += r;
  tw += w;
  console.log(`  ${s}: ${r}/${w} of ${count(recs.filter((x) => x.source === s), () => true).join('/')}   ${k2.join(' | ')}`);
}
console.log(`  total out of fold dropped right/wrong: ${tr}/${tw}`);
// Leave-one-repository-out: the wrong names cluster by template; a rule must hold on templates it was not chosen on.
let rr = 0, rw = 0;
for (const repo of new Set(recs.map((r) => r.repo))) {
  const k2 = choose(recs.filter((r) => r.repo !== repo), K);
  const [r, w] = applyP(recs.filter((x) => x.repo === repo), k2);
  rr += r;
  rw += w;
}
console.log(`leave-one-repository-out total dropped right/wrong: ${rr}/${rw}`);
// --save F: the feature records (for --cost: the current engine's records, to price each rule on open documents).
if (arg('--save')) writeFileSync(arg('--save'), JSON.stringify(recs));
if (arg('--cost')) {
  const cur = JSON.parse(readFileSync(arg('--cost'), 'utf8'));
  console.log('\nevery rule with >= 3 wrong and >= 3 wrong per right on all nine first-sight rounds (in sample), and its cost on the current engine (open documents):');
  console.log('| rule | first sight 10-16 R/W | 17-19 R/W | current engine R/W |');
  const out = [];
  for (const [k, p] of Object.entries(preds)) {
    const [r, w] = count(recs, p);
    if (w < 3 || w < 3 * r) continue;
    out.push([k, count(recs.filter((x) => der.includes(x.source)), p), count(recs.filter((x) => !der.includes(x.source)), p), count(cur, p), w - 3 * r]);
  }
  for (const o of out.sort((a, b) => b[4] - a[4]).slice(0, 40)) console.log(`| ${o[0]} | ${o[1].join('/')} | ${o[2].join('/')} | ${o[3].join('/')} |`);
}
