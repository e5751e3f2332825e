#!/usr/bin/env node
// abstain16: the current party evidence applied to the party names an OLD engine chose on a round it
// had never seen (docs/decisions.md, "party names on first-unseen layouts").
//
// Input (written by a throwaway dump in a detached worktree of the commit before each round was
// folded in, see decisions): `<dir>/names-<source>.jsonl` — one record per scoreable sender /
// recipient: id, field, truth, chosen value, right, its place (page, bbox) and the other role's
// chosen name — and `<dir>/pages/<id>.json`, the document's reading as that eval read it.
// Only openable rounds are accepted (rounds 7, 9, 10, 11, and 12 since fold12 folded it in on 2026-11-28;
// its first-unseen names were dumped by fold12 on main 6fb5487 before any round-12 rule: /tmp/fold12; and 14
// since fold14 folded it in the same day: dumped sealed by corpus17 at its first measurement (/tmp/sealed14),
// opened by fold14, whose copy in /tmp/fold14m carries the round in `source` and the repository in `repo`).
// Never round 8, 13 or later unseen ones.
//
//   node scripts/precision/first-unseen.js [--dir /tmp/abstain16[,/tmp/fold12]] [--rounds new9,new10,new11] [--table] [--rules]
//
// --dir takes several folders separated by commas: each round's names file (and its pages) is read from
// the first folder that holds it (rounds 7–11 were dumped by abstain16, round 12 by fold12).
//
// --table prints the separation table (right / wrong names holding each fact); --rules applies the
// pre-registered criterion (leave-one-round-out) to the candidate rules; --list prints per name.
// --dump <file>: the same table for the real documents of an EVAL_DUMP file of scripts/eval-generic.js
// (the tuned corpus split, the tuned-only rounds, the shared samples; the eval writes no held-out or
// unseen document into it), i.e. what the party facts cost on layouts the rules were written for.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const dirs = arg('--dir', '/tmp/abstain16').split(',').filter(Boolean);
const OPENABLE = new Set(['new7', 'new9', 'new10', 'new11', 'new12', 'new14']);
const rounds = arg('--rounds', 'new9,new10,new11').split(',').filter(Boolean);
if (!process.argv.includes('--dump')) for (const r of rounds) if (!OPENABLE.has(r)) throw new Error(`${r} is not an openable first-unseen round (rule 7)`);

const dist = new URL('../../dist/', import.meta.url);
const { buildEvidence } = await import(new URL('engine/extract/evidence.js', dist).href);
const { pageEvidence, pageFactsOf } = await import(new URL('engine/extract/field-agreement.js', dist).href);

/** The page facts as the extractor builds them (engine/extract/index.ts). */
const factsOf = (pages) => pageFactsOf(buildEvidence(pages));

export function loadRecords() {
  const out = [];
  const factsCache = new Map();
  for (const round of rounds) {
    const dir = dirs.find((d) => existsSync(join(d, `names-${round}.jsonl`)));
    if (!dir) {
      console.error(`missing names-${round}.jsonl in ${dirs.join(', ')}`);
      continue;
    }
    const file = join(dir, `names-${round}.jsonl`);
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const r = JSON.parse(line);
      if (r.source !== round) continue;
      if (r.value === null) {
        out.push({ ...r, round, emitted: false, cues: [], doubts: [] });
        continue;
      }
      const pf = join(dir, 'pages', `${r.id.replace(/[^\w.-]+/g, '_')}.json`);
      if (!factsCache.has(pf)) factsCache.set(pf, factsOf(JSON.parse(readFileSync(pf, 'utf8')).pages));
      const facts = factsCache.get(pf);
      const verdict = r.transforms.find((t) => t.startsWith('agreement:'))?.split(':')[1] ?? 'single';
      const at = r.bbox && r.page != null ? { page: r.page, x: r.bbox.x, y: r.bbox.y } : null;
      const others = r.field === 'sender_name' ? { recipient_name: r.other } : { sender_name: r.other };
      const e = pageEvidence(r.field, r.value, verdict, facts, others, at, null);
      out.push({ ...r, round, emitted: true, cues: e.cues, doubts: e.doubts });
    }
  }
  return out;
}

/** The pre-registered candidate rules (docs/decisions.md, abstain16): a field drops its name when the doubt holds. */
export const CANDIDATES = {
  sender_name: ['sender-no-place', 'role-clash', 'same-party', 'sender-unsupported'],
  recipient_name: ['recipient-no-block', 'role-clash', 'same-party', 'recipient-sender-like'],
};
/** A drop pays when it removes more than this many wrong names per right one (F1 ≈ 0.89). */
export const RATIO = 1.25;

const dumpFile = arg('--dump', null);
const GENERATED = /^(generated|gen-|family|amountfamily|typefamily|datefamily|conflictfamily|fold7family|fold9family)/;
const records = dumpFile
  ? readFileSync(dumpFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
    .filter((r) => (r.field === 'sender_name' || r.field === 'recipient_name') && !GENERATED.test(r.set) && !r.split.endsWith('held-out') && !r.split.startsWith('unseen-'))
    .map((r) => ({ ...r, round: r.split, emitted: true, cues: r.evidence, doubts: r.doubts }))
  : loadRecords();
if (dumpFile) rounds.splice(0, rounds.length, ...new Set(records.map((r) => r.round)));
const emitted = records.filter((r) => r.emitted);

if (process.argv.includes('--list')) {
  for (const r of emitted) console.log(`${r.right ? 'ok ' : 'BAD'} ${r.round} ${r.field} ${JSON.stringify(r.value)} truth=${JSON.stringify(r.truth)} ${r.method} evidence=${r.cues.join('+')} doubts=${r.doubts.join('+')}`);
}

if (process.argv.includes('--table')) {
  for (const field of ['sender_name', 'recipient_name']) {
    const f = emitted.filter((r) => r.field === field);
    const right = f.filter((r) => r.right).length;
    console.log(`\n${field}: emitted ${f.length}, right ${right}, wrong ${f.length - right}; empty ${records.filter((r) => r.field === field && !r.emitted).length}`);
    const facts = [...new Set(f.flatMap((r) => [...r.cues.map((c) => `+${c}`), ...r.doubts.map((d) => `-${d}`)]))].sort();
    console.log('fact | right | wrong | per round (right/wrong)');
    for (const fact of facts) {
      const holds = (r) => (fact.startsWith('+') ? r.cues.includes(fact.slice(1)) : r.doubts.includes(fact.slice(1)));
      const h = f.filter(holds);
      console.log(`${fact} | ${h.filter((r) => r.right).length} | ${h.filter((r) => !r.right).length} | ${rounds.map((rd) => `${h.filter((r) => r.round === rd && r.right).length}/${h.filter((r) => r.round === rd && !r.right).length}`).join(' ')}`);
    }
  }
}

if (process.argv.includes('--rules')) {
  const dropped = (set, field, rule) => {
    const h = set.filter((r) => r.field === field && r.doubts.includes(rule));
    return { right: h.filter((r) => r.right).length, wrong: h.filter((r) => !r.right).length };
  };
  const gain = (d) => d.wrong - RATIO * d.right;
  for (const field of ['sender_name', 'recipient_name']) {
    console.log(`\n${field}`);
    let oofRight = 0;
    let oofWrong = 0;
    for (const out of rounds) {
      const train = emitted.filter((r) => r.round !== out);
      const best = CANDIDATES[field].map((rule) => ({ rule, g: gain(dropped(train, field, rule)) })).sort((a, b) => b.g - a.g)[0];
      const chosen = best && best.g > 0 ? best.rule : null;
      const test = chosen ? dropped(emitted.filter((r) => r.round === out), field, chosen) : { right: 0, wrong: 0 };
      oofRight += test.right;
      oofWrong += test.wrong;
      console.log(`  left out ${out}: chosen ${chosen ?? 'none'} → drops ${test.wrong} wrong / ${test.right} right`);
    }
    const all = CANDIDATES[field].map((rule) => ({ rule, d: dropped(emitted, field, rule) })).sort((a, b) => gain(b.d) - gain(a.d));
    const top = gain(all[0].d) > 0 ? all[0] : null;
    const holdsIn = top ? rounds.filter((rd) => {
      const d = dropped(emitted.filter((r) => r.round === rd), field, top.rule);
      return d.wrong > 0 && d.wrong > RATIO * d.right;
    }).length : 0;
    const adopt = top && oofWrong > RATIO * oofRight && holdsIn >= Math.min(3, rounds.length - 1);
    console.log(`  all rounds: ${all.map((a) => `${a.rule} ${a.d.wrong}w/${a.d.right}r`).join(', ')}`);
    console.log(`  out-of-fold: ${oofWrong} wrong / ${oofRight} right dropped; rule on all rounds ${top?.rule ?? 'none'} holds in ${holdsIn} of ${rounds.length} rounds → ${adopt ? `ADOPT ${top.rule}` : 'not adopted'}`);
  }
}
