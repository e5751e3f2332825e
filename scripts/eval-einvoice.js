#!/usr/bin/env node
// `npm run eval:einvoice`: agreement of Docdesk's e-invoice verdicts with the official
// verdicts recorded in shared/samples/einvoice/expected.json (compiled code from dist/).
// Prints per category: verdict agreement (pass/pass_with_warnings exactly when accepted and
// supported) and rule-id recall (expected error ids that Docdesk reports). `--list` prints
// every disagreeing file; `--filter=text` restricts to paths containing text.
import { existsSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const runnerUrl = new URL('test/engine/einvoice/sample-runner.js', dist);
if (!existsSync(runnerUrl)) {
  console.error('eval:einvoice needs the compiled code: run `npm run build` first.');
  process.exit(1);
}
const r = await import(runnerUrl.href);
const dir = r.samplesDir();
if (!dir) {
  console.log('eval:einvoice skipped: shared/samples/einvoice is not there.');
  process.exit(0);
}
const list = process.argv.includes('--list');
const filter = process.argv.find((a) => a.startsWith('--filter='))?.slice(9);
const expected = r.loadExpected(dir);
const cats = new Map();
const bad = [];
const extraCount = new Map();
const missCount = new Map();
for (const [file, e] of Object.entries(expected)) {
  if (filter && !file.includes(filter)) continue;
  const q = await r.runSample(dir, file, e);
  const c = r.compare(e, q);
  const row = cats.get(e.category) ?? { files: 0, agree: 0, ids: 0, found: 0, extra: 0, wids: 0, wfound: 0 };
  // Warnings and information ids (reported for files the official validation ran its rules on).
  if (e.reject_reason !== 'xsd_invalid' && e.reject_reason !== 'no_scenario') {
    const mine = new Set([...q.validation_errors.warnings, ...q.validation_errors.information]);
    for (const id of [...(e.warnings ?? []), ...(e.infos ?? [])]) {
      row.wids++;
      if (mine.has(id)) row.wfound++;
    }
  }
  row.files++;
  if (c.verdictOk) row.agree++;
  row.ids += c.expectedIds.length;
  row.found += c.expectedIds.length - c.missingIds.length;
  if (c.extraIds.length) row.extra++;
  cats.set(e.category, row);
  for (const id of c.extraIds) extraCount.set(id, (extraCount.get(id) ?? 0) + 1);
  for (const id of c.missingIds) missCount.set(id, (missCount.get(id) ?? 0) + 1);
  if (!c.verdictOk || c.missingIds.length || c.extraIds.length) bad.push({ file, c, q });
}
const pct = (a, b) => (b === 0 ? '—' : `${((a / b) * 100).toFixed(1)} %`);
const rows = [...cats].sort();
const tot = { files: 0, agree: 0, ids: 0, found: 0, extra: 0, wids: 0, wfound: 0 };
console.log('| category | files | verdict agreement | expected error ids | recalled | recall | files with extra error ids | warning/info ids recalled |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const [cat, row] of rows) {
  for (const k of Object.keys(tot)) tot[k] += row[k];
  console.log(`| ${cat} | ${row.files} | ${row.agree} (${pct(row.agree, row.files)}) | ${row.ids} | ${row.found} | ${pct(row.found, row.ids)} | ${row.extra} | ${row.wfound}/${row.wids} |`);
}
console.log(`| **all** | ${tot.files} | ${tot.agree} (${pct(tot.agree, tot.files)}) | ${tot.ids} | ${tot.found} | ${pct(tot.found, tot.ids)} | ${tot.extra} | ${tot.wfound}/${tot.wids} |`);
const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${k}×${v}`).join(' ');
console.log(`\nmissing ids: ${top(missCount)}\nextra ids: ${top(extraCount)}`);
if (list) {
  console.log('\nDisagreements:');
  for (const { file, c, q } of bad) {
    console.log(`${c.verdictOk ? '  ' : 'V '}${file}: expected ${c.expectedPass ? 'pass' : 'fail'}, got ${q.assessment} (${q.validation_status}${q.reason ? `/${q.reason}` : ''}); missing [${c.missingIds.join(' ')}] extra [${c.extraIds.join(' ')}]`);
  }
}
