#!/usr/bin/env node
// `npm run eval:energy`: accuracy of the energy profile's extractor (and, when the validation
// policy is present, its outcomes) on
//  - ../shared/samples/energy (native and scanned; scanned pages go through the reading
//    layer's real OCR), reported separately for the `tuned` and `held_out` halves of
//    eval/energy-split.json — the held-out half is only ever measured, never tuned on;
//  - a generated set (test/helpers/energy-bills: own suppliers and house styles, native and
//    scanned variants), written to $TMPDIR/docdesk-eval-energy/gen-<seed>.
// Metrics: field F1 per entity, invoice-split accuracy, outcome accuracy and the number of
// wrong values inside `accepted` invoices. Reading results are cached by file hash.
// Environment: DOCDESK_SAMPLES, EVAL_NO_CACHE=1, EVAL_GEN=<count> (0 skips the generated set),
// EVAL_GEN_SEED, EVAL_GEN_SCANNED=<ratio>, EVAL_HARD=<count> (hard-case house styles, default 16; 0 skips), EVAL_HARD_SCANNED=<ratio> (default 0), EVAL_SAMPLES=0 (generated set only), EVAL_ONLY=<id substring>, EVAL_VERBOSE=1 (lists wrong fields of tuned/generated
// bills only; held-out failures are never printed).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readerFingerprint } from './reader-fingerprint.js';

const dist = new URL('../dist/', import.meta.url);
if (!existsSync(new URL('engine/profiles/energy/extract/index.js', dist))) {
  console.error('eval:energy needs the compiled engine: run `npm run build` first.');
  process.exit(1);
}
const { terminateOcr } = await import(new URL('engine/ocr/index.js', dist).href);
const { readPdfDocument } = await import(new URL('test/helpers/energy-bills/read.js', dist).href);
const { extractEnergy } = await import(new URL('engine/profiles/energy/extract/index.js', dist).href);
let applyPolicy = null;
if (existsSync(new URL('engine/profiles/energy/policy.js', dist))) {
  const mod = await import(new URL('engine/profiles/energy/policy.js', dist).href);
  if (mod.evaluateEnergyPayload) applyPolicy = (x) => mod.evaluateEnergyPayload(x.payload, x.evidence, x.packet_reasons, { warnings: x.warnings });
}

const samples = process.env.DOCDESK_SAMPLES ?? new URL('../../shared/samples/', import.meta.url).pathname;
const cacheDir = join(tmpdir(), 'docdesk-eval-energy');
mkdirSync(cacheDir, { recursive: true });
const only = process.env.EVAL_ONLY ?? null;
const verbose = Boolean(process.env.EVAL_VERBOSE);

const reader = readerFingerprint(dist);

/** The pipeline's reading (text layer, real OCR where needed), cached by file hash and reader. */
async function readDocument(pdf) {
  const hash = createHash('sha256').update(readFileSync(pdf)).update(reader).digest('hex');
  const cached = join(cacheDir, `${hash}.json`);
  if (!process.env.EVAL_NO_CACHE && existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8'));
  const doc = await readPdfDocument(pdf);
  writeFileSync(cached, JSON.stringify(doc));
  return doc;
}

// ---------------------------------------------------------------- scoring
const LISTS = ['supply_points', 'meters', 'tariffs', 'consumption', 'charges', 'taxes', 'advance_plan'];
const SINGLE = ['identity', 'supplier', 'customer', 'settlement', 'payment'];

/** Identifiers printed in digit groups: the grouping spaces are print, not part of the value. */
const GROUPED_IDS = /^(?:customer_number|contract_account|contract_number|meter_number|iban|malo_id|melo_id|legacy_metering_point_id|network_operator_code|creditor_id|vat_id)$/;

function normValue(field, v) {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object') return JSON.stringify(v);
  let s = String(v).trim();
  if (/^-?\d+(\.\d+)?$/.test(s)) s = String(Number(s));
  if (/name|description|label|commercial_register/.test(field)) s = s.replace(/\s+/g, ' ').toLowerCase();
  // Equal values in another print form (fifth pass): "12 a" is house number 12a; a BIC's
  // branch "XXX" is its head office, the 8-character BIC; "780 582 192" is 780582192.
  if (field === 'house_number') s = s.replace(/\s+/g, '').toLowerCase();
  if (field === 'bic') s = s.replace(/\s+/g, '').toUpperCase().replace(/^(.{8})XXX$/, '$1');
  if (GROUPED_IDS.test(field)) s = s.replace(/\s+/g, '').toUpperCase();
  if (/^(?:street|city)$/.test(field)) s = s.replace(/\s+/g, ' ');
  return s;
}

/** Leaf fields of an entity: nested objects (addresses, periods, readings) flatten one level. */
function leaves(entity, prefix, out, entityKind) {
  for (const [k, v] of Object.entries(entity ?? {})) {
    if (k === 'entity_ref' || k === 'registers' || k === 'supply_point_ref') continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k2, v2] of Object.entries(v)) out.push({ kind: entityKind, key: `${prefix}.${k}.${k2}`, value: normValue(k2, v2) });
    } else out.push({ kind: entityKind, key: `${prefix}.${k}`, value: normValue(k, v) });
  }
}

function similarity(a, b) {
  const la = [];
  const lb = [];
  leaves(a, '', la, '');
  leaves(b, '', lb, '');
  const mb = new Map(lb.map((x) => [x.key, x.value]));
  return la.filter((x) => x.value !== null && mb.get(x.key) === x.value).length;
}

/** Greedy alignment of list entities by the number of equal fields (order-independent). */
function align(truthList, predList) {
  const pairs = [];
  const used = new Set();
  const cand = [];
  truthList.forEach((t, i) => predList.forEach((p, j) => cand.push([similarity(t, p), i, j])));
  cand.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2]);
  const tDone = new Set();
  for (const [s, i, j] of cand) {
    if (s === 0 || tDone.has(i) || used.has(j)) continue;
    tDone.add(i);
    used.add(j);
    pairs.push([truthList[i], predList[j]]);
  }
  truthList.forEach((t, i) => !tDone.has(i) && pairs.push([t, null]));
  predList.forEach((p, j) => !used.has(j) && pairs.push([null, p]));
  return pairs;
}

function entityPairs(truthData, predData) {
  const out = [];
  for (const k of SINGLE) out.push([k, truthData[k], predData?.[k] ?? null]);
  for (const k of LISTS) {
    const kind = k;
    for (const [t, p] of align(truthData[k] ?? [], predData?.[k] ?? [])) out.push([kind, t, p]);
  }
  // Registers, aligned within aligned meters.
  for (const [t, p] of align(truthData.meters ?? [], predData?.meters ?? [])) {
    for (const [rt, rp] of align(t?.registers ?? [], p?.registers ?? [])) out.push(['registers', rt, rp]);
  }
  return out;
}

function compareInvoice(truthInv, predInv, tally, wrongList) {
  let wrong = 0;
  for (const [kind, t, p] of entityPairs(truthInv.data, predInv?.data ?? null)) {
    const lt = [];
    const lp = [];
    leaves(t, kind, lt, kind);
    leaves(p, kind, lp, kind);
    const mp = new Map(lp.map((x) => [x.key, x.value]));
    const mt = new Map(lt.map((x) => [x.key, x.value]));
    const s = (tally[kind] ??= { tp: 0, fp: 0, fn: 0 });
    for (const key of new Set([...mt.keys(), ...mp.keys()])) {
      const tv = mt.get(key) ?? null;
      const pv = mp.get(key) ?? null;
      if (tv !== null && pv !== null && tv === pv) s.tp++;
      else {
        if (pv !== null) s.fp++;
        if (tv !== null) s.fn++;
        if (pv !== null) wrong++;
        if (tv !== null || pv !== null) wrongList.push(`${key}: truth=${tv} got=${pv}`);
      }
    }
  }
  return wrong;
}

function f1(s) {
  const p = s.tp + s.fp ? s.tp / (s.tp + s.fp) : 1;
  const r = s.tp + s.fn ? s.tp / (s.tp + s.fn) : 1;
  return p + r ? (2 * p * r) / (p + r) : 0;
}

function evaluate(docs, label, { showFailures }) {
  const groups = { native: docs.filter((d) => !d.scanned), scanned: docs.filter((d) => d.scanned) };
  const rows = [];
  for (const [mode, list] of Object.entries(groups)) {
    if (!list.length) continue;
    const tally = {};
    let splitOk = 0;
    let outcomeOk = 0;
    let outcomeN = 0;
    let wrongAccepted = 0;
    /** Wrong values inside accepted invoices by field (tuned and generated sets only). */
    const wrongByField = {};
    let accepted = 0;
    let invoices = 0;
    let ms = 0;
    let pages = 0;
    for (const d of list) {
      const t = performance.now();
      const x = extractEnergy(d.read);
      ms += performance.now() - t;
      pages += d.read.pages.length;
      let payload = x.payload;
      let machineOutcome = null;
      if (applyPolicy) {
        const judged = applyPolicy(x);
        payload = judged.payload;
        machineOutcome = judged.machine_outcome ?? null;
      }
      const truthRanges = JSON.stringify(d.truth.invoices.map((i) => i.page_range));
      const predRanges = JSON.stringify(payload.invoices.map((i) => i.page_range));
      if (truthRanges === predRanges) splitOk++;
      const wrongList = [];
      if (machineOutcome !== null) {
        outcomeN++;
        if (machineOutcome === d.truth.expected_outcome) outcomeOk++;
      }
      d.truth.invoices.forEach((ti, i) => {
        const pi = payload.invoices.find((p) => p.page_range.first === ti.page_range.first) ?? payload.invoices[i] ?? null;
        const before = wrongList.length;
        const w = compareInvoice(ti, pi, tally, wrongList);
        invoices++;
        if (pi && pi.outcome === 'accepted') {
          accepted++;
          wrongAccepted += w;
          for (let k = before; k < wrongList.length; k++) {
            if (/got=null$/.test(wrongList[k])) continue;
            const field = wrongList[k].split(':')[0];
            wrongByField[field] = (wrongByField[field] ?? 0) + 1;
            wrongList[k] = `WRONG IN ACCEPTED ${wrongList[k]}`;
          }
        }
        if (pi) wrongList.push(`(${pi.invoice_ref} outcome ${pi.outcome}: ${pi.review_reasons.join(', ')})`);
      });
      if (showFailures && verbose && (wrongList.length || truthRanges !== predRanges)) {
        console.log(`\n${d.id}${d.scanned ? ' (scanned)' : ''}: split ${truthRanges === predRanges ? 'ok' : `${predRanges} vs ${truthRanges}`}`);
        for (const w of wrongList) console.log(`   ${w}`);
      }
    }
    const all = Object.values(tally).reduce((a, s) => ({ tp: a.tp + s.tp, fp: a.fp + s.fp, fn: a.fn + s.fn }), { tp: 0, fp: 0, fn: 0 });
    rows.push({
      set: label, mode, docs: list.length, field_f1: f1(all).toFixed(3),
      ...Object.fromEntries(Object.entries(tally).map(([k, s]) => [k, f1(s).toFixed(2)])),
      split: (splitOk / list.length).toFixed(2),
      outcome: outcomeN ? (outcomeOk / outcomeN).toFixed(2) : 'n/a (no policy)',
      wrong_in_accepted: applyPolicy ? wrongAccepted : 'n/a',
      accepted: applyPolicy ? `${accepted}/${invoices}` : 'n/a',
      // Held-out: the count only, never which field (rule 7).
      wrong_by_field: showFailures ? wrongByField : null,
      ms_per_page: (ms / Math.max(1, pages)).toFixed(1),
    });
  }
  return rows;
}

function printRows(rows) {
  if (!rows.length) return;
  const entityCols = ['identity', 'supplier', 'customer', 'supply_points', 'meters', 'registers', 'tariffs', 'consumption', 'charges', 'taxes', 'settlement', 'payment', 'advance_plan'];
  for (const r of rows) {
    console.log(`\n${r.set} · ${r.mode}: ${r.docs} docs · field F1 ${r.field_f1} · split ${r.split} · outcome ${r.outcome} · wrong values in accepted ${r.wrong_in_accepted} (accepted invoices ${r.accepted}) · extraction ${r.ms_per_page} ms/page`);
    console.table(Object.fromEntries(entityCols.filter((c) => r[c] !== undefined).map((c) => [c, { f1: r[c] }])));
    if (r.wrong_by_field && Object.keys(r.wrong_by_field).length) console.log(`   wrong in accepted by field: ${Object.entries(r.wrong_by_field).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  }
}

// ---------------------------------------------------------------- sample set
async function sampleDocs() {
  const dir = join(samples, 'energy');
  if (process.env.EVAL_SAMPLES === '0') return { tuned: [], held_out: [] };
  if (!existsSync(join(dir, 'index.json'))) {
    if (process.env.CI === 'true') throw new Error(`eval:energy: no samples at ${dir}`);
    console.log(`eval:energy: no samples folder at ${dir}; sample figures skipped.`);
    return { tuned: [], held_out: [] };
  }
  const split = JSON.parse(readFileSync(new URL('../eval/energy-split.json', import.meta.url), 'utf8'));
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
  const out = { tuned: [], held_out: [] };
  for (const d of index.documents) {
    if (only && !d.id.includes(only)) continue;
    const part = split.tuned.includes(d.id) ? 'tuned' : split.held_out.includes(d.id) ? 'held_out' : null;
    if (!part) continue;
    const truth = JSON.parse(readFileSync(join(dir, d.truth), 'utf8'));
    out[part].push({ id: d.id, scanned: d.scanned, truth, read: await readDocument(join(dir, d.pdf)) });
  }
  return out;
}

async function generatedDocs(hard = false) {
  const count = Number((hard ? process.env.EVAL_HARD : process.env.EVAL_GEN) ?? 16);
  if (!count) return [];
  const gen = new URL('../dist/test/helpers/energy-bills/index.js', import.meta.url);
  if (!existsSync(gen)) {
    console.log('eval:energy: generator not compiled; generated figures skipped.');
    return [];
  }
  const { generateSet } = await import(gen.href);
  const seed = Number(process.env.EVAL_GEN_SEED ?? 101);
  const ratio = Number((hard ? process.env.EVAL_HARD_SCANNED : process.env.EVAL_GEN_SCANNED) ?? (hard ? 0 : 0.25));
  const genHash = createHash('sha256');
  const genDir = new URL('../dist/test/helpers/energy-bills/', import.meta.url);
  for (const f of readdirSync(genDir).filter((n) => n.endsWith('.js')).sort()) genHash.update(readFileSync(new URL(f, genDir)));
  const dir = join(cacheDir, `gen-${hard ? 'hard-' : ''}${seed}-${count}-${ratio}-${genHash.digest('hex').slice(0, 8)}`);
  const docs = await generateSet(dir, { seed, count, scannedRatio: ratio, hard });
  const out = [];
  for (const d of docs) {
    if (only && !d.id.includes(only)) continue;
    out.push({ id: `${d.id} [${d.style}]`, scanned: d.scanned, truth: d.truth, read: await readDocument(d.pdf) });
  }
  return out;
}

try {
  const generated = await generatedDocs();
  const hard = await generatedDocs(true);
  const s = await sampleDocs();
  const rows = [
    ...evaluate(generated, 'generated (development set)', { showFailures: true }),
    ...evaluate(hard, 'generated hard cases (development set)', { showFailures: true }),
    ...evaluate(s.tuned, 'samples · tuned half', { showFailures: true }),
    ...evaluate(s.held_out, 'samples · HELD-OUT half', { showFailures: false }),
  ];
  printRows(rows);
  console.log('\nTargets on unseen bills: field F1 ≥ 0.97 native, ≥ 0.90 scanned, split ≥ 0.95, 0 wrong values inside accepted invoices.');
  if (!applyPolicy) console.log('Outcomes: engine/profiles/energy/policy.ts is not in this build; outcome accuracy and wrong-in-accepted are not measured.');
} finally {
  await terminateOcr();
}
