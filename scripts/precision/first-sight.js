#!/usr/bin/env node
// conf23: first-sight abstention study (docs/decisions.md, "what tells a wrong value on a first-sight layout").
// Reads the first-sight dataset `<dir>/*.jsonl` (default /tmp/c23; one record per scoreable field of a folded
// round, extracted by the engine of the commit that first measured the round as unseen: features.js's
// features plus source (round), repo, value, truth, right, emitted). Openable rounds only (rule 7).
//   node scripts/precision/first-sight.js            leave-one-round-out, the rounds-10–16 policy on 17–19
//   node scripts/precision/first-sight.js --table    the separation table of the generic features
import { readFileSync, readdirSync } from 'node:fs';
const dirArg = process.argv.indexOf('--dir');
const DIR = dirArg >= 0 ? process.argv[dirArg + 1] : '/tmp/c23';
if (process.argv.includes('--table')) {
const rows = readdirSync(DIR).filter((f) => f.endsWith('.jsonl')).flatMap((f) => readFileSync(`${DIR}/${f}`, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)));
for (const r of rows) for (const k of ['cues', 'doubts', 'evidence', 'confirm']) r[k] = r[k] ?? [];
const em = rows.filter((r) => r.emitted);
const R = em.filter((r) => r.right).length, W = em.length - R;
const feats = {
  'method=derived': (r) => r.method === 'derived', 'verdict=agreed': (r) => r.verdict === 'agreed', 'verdict=single': (r) => r.verdict === 'single', 'verdict=conflict': (r) => r.verdict === 'conflict', 'verdict=none': (r) => r.verdict === 'none',
  'read by OCR': (r) => r.ocr, 'OCR low confidence': (r) => r.ocrLow, 'gap<0.5 (close rival)': (r) => r.gap !== null && r.gap < 0.5, 'no rival': (r) => r.rivals === 0, 'rivals>=2': (r) => r.rivals >= 2,
  'score<2': (r) => r.score !== null && r.score < 2, 'score>=3': (r) => r.score !== null && r.score >= 3, 'no cue': (r) => r.cues.length === 0, 'label cue': (r) => r.cues.includes('label'), 'arithmetic cue': (r) => r.cues.includes('arithmetic'),
  'printed-once': (r) => r.doubts.includes('printed-once'), 'not-agreed': (r) => r.doubts.includes('not-agreed'), weak: (r) => r.doubts.includes('weak'), unlabelled: (r) => r.doubts.includes('unlabelled'), 'any evidence': (r) => r.evidence.length > 0, 'conflict flag': (r) => r.conflict,
};
const lev = (a, b) => { const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]); for (let j = 1; j <= b.length; j++) d[0][j] = j; for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)); return d[a.length][b.length]; };
console.log(`emitted ${em.length}: right ${R}, wrong ${W}; empty ${rows.length - em.length}`);
console.log('| feature | right holding (share) | wrong holding (share) | wrong per right |');
for (const [k, p] of Object.entries(feats)) { const r = em.filter((x) => x.right && p(x)).length, w = em.filter((x) => !x.right && p(x)).length; console.log(`| ${k} | ${r} (${(r / R).toFixed(2)}) | ${w} (${(w / W).toFixed(2)}) | ${r ? (w / r).toFixed(2) : '-'} |`); }
const byField = {};
for (const r of em) { const f = byField[r.field] ??= [0, 0]; f[r.right ? 0 : 1]++; }
console.log('per field right/wrong', JSON.stringify(byField));
const wr = em.filter((r) => !r.right);
const kind = (r) => { if (typeof r.value !== 'string' || typeof r.truth !== 'string') return 'other'; const a = r.value.toLowerCase(), b = r.truth.toLowerCase(); if (lev(a, b) <= Math.max(2, Math.round(b.length * 0.15))) return 'near-miss (misread / spelling)'; return 'another value'; };
const kinds = {}; for (const r of wr) kinds[kind(r)] = (kinds[kind(r)] ?? 0) + 1; console.log('wrong kinds', JSON.stringify(kinds));
const nm = wr.filter((r) => kind(r).startsWith('near')); console.log('near-miss by OCR', nm.filter((r) => r.ocr).length, 'of', nm.length);
const repos = {}; for (const r of wr) repos[r.repo] = (repos[r.repo] ?? 0) + 1; console.log('wrong values per repository (top)', Object.entries(repos).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => v).join(','), 'repos with a wrong value', Object.keys(repos).length);
} else {
const rows = readdirSync(DIR).filter((f) => f.endsWith('.jsonl')).flatMap((f) => readFileSync(`${DIR}/${f}`, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)));
for (const r of rows) { r.hasDoubts = Array.isArray(r.doubts); for (const k of ['cues', 'doubts', 'evidence', 'confirm']) r[k] = r[k] ?? []; }
const em = rows.filter((r) => r.emitted);
const rounds = [...new Set(em.map((r) => r.source))].sort();
console.log('doubts recorded per round:', rounds.map((s) => `${s}:${em.filter((r) => r.source === s && r.hasDoubts).length}/${em.filter((r) => r.source === s).length}`).join(' '));
const base = {
  derived: (r) => r.method === 'derived', ocr: (r) => r.ocr, ocrLow: (r) => r.ocrLow, conflict: (r) => r.conflict,
  'verdict=conflict': (r) => r.verdict === 'conflict', 'verdict=single': (r) => r.verdict === 'single', 'verdict=none': (r) => r.verdict === 'none',
  'no-cues': (r) => r.cues.length === 0, 'gap<0.5': (r) => r.gap !== null && r.gap < 0.5, 'gap<1': (r) => r.gap !== null && r.gap < 1,
  'rivals>=2': (r) => r.rivals >= 2, 'score<2': (r) => r.score !== null && r.score < 2, 'region>0.5': (r) => r.region !== null && r.region > 0.5, 'page>1': (r) => r.page > 1,
  'minConf<80': (r) => r.minConf !== null && r.minConf < 80,
};
for (const m of new Set(em.map((r) => r.method))) base[`method=${m}`] = (r) => r.method === m;
for (const d of new Set(em.flatMap((r) => r.doubts))) base[`doubt:${d}`] = (r) => r.doubts.includes(d);
for (const c of new Set(em.flatMap((r) => r.cues))) base[`cue:${c}`] = (r) => r.cues.includes(c);
const preds = { ...base };
for (const f of new Set(em.map((r) => r.field))) for (const [k, p] of Object.entries(base)) preds[`${f}&${k}`] = (r) => r.field === f && p(r);
const count = (rs, p) => { const d = rs.filter(p); const w = d.filter((r) => !r.right).length; return [d.length - w, w]; };
// greedy policy: up to K rules, each chosen by wrong - 3*right (>0, and >=2 wrong) on the training rounds
function choose(train) {
  const chosen = [];
  let pool = train;
  for (let i = 0; i < 5; i++) {
    let best = null;
    for (const [k, p] of Object.entries(preds)) {
      const [r, w] = count(pool, p);
      const v = w - 3 * r;
      if (w >= 2 && v > 0 && (!best || v > best.v)) best = { k, v, r, w };
    }
    if (!best) break;
    chosen.push(best.k);
    pool = pool.filter((r) => !preds[best.k](r));
  }
  return chosen;
}
const applyP = (rs, ks) => count(rs, (r) => ks.some((k) => preds[k](r)));
let tr = 0, tw = 0;
console.log('\nleave-one-round-out (rules chosen on the other rounds; dropped right/wrong on the left-out round, of its right/wrong):');
for (const s of rounds) {
  const ks = choose(em.filter((r) => r.source !== s));
  const test = em.filter((r) => r.source === s);
  const [r, w] = applyP(test, ks);
  tr += r; tw += w;
  console.log(`  ${s}: ${r}/${w} of ${count(test, () => true).join('/')}   rules: ${ks.join(', ')}`);
}
console.log(`  total out-of-fold dropped right/wrong: ${tr}/${tw}`);
const der = ['new10', 'new11', 'new12', 'new14', 'new15', 'new16'];
const ks = choose(em.filter((r) => der.includes(r.source)));
console.log(`\nderived on ${der.join(',')}: ${ks.join(', ')}`);
for (const s of ['new17', 'new18', 'new19']) console.log(`  ${s}: dropped ${applyP(em.filter((r) => r.source === s), ks).join('/')} of ${count(em.filter((r) => r.source === s), () => true).join('/')}`);
console.log(`  derive rounds themselves: ${applyP(em.filter((r) => der.includes(r.source)), ks).join('/')}`);
const all = choose(em);
console.log(`\nin-sample ceiling (chosen and scored on all nine rounds): ${all.join(', ')} -> dropped ${applyP(em, all).join('/')} of ${count(em, () => true).join('/')}`);
}
