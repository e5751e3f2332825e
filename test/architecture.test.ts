// The import direction of docs/architecture.md, checked on the real sources: no cycles,
// every import pointing down the layers, no Electron in the engine, the renderer over HTTP
// only, and SQL built only in the repositories (engine/store) and the job queue (engine/queue).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { architectureViolations, queryUsesIn, readImportGraph, readQueryUses, type ImportGraph, type QueryUses } from './helpers/import-graph.js';

// Compiled to dist/test/architecture.test.js: the sources are two levels up.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('architecture', () => {
  it('keeps the engine layered, acyclic and free of Electron', () => {
    const graph = readImportGraph(ROOT, ['engine', 'renderer/src']);
    assert.ok(graph.size > 100, `read only ${graph.size} source files from ${ROOT}`);
    assert.ok(graph.get('engine/api/server.ts')?.some((i) => i.runtime && i.target.startsWith('engine/')), 'imports are resolved to files');
    const queries = readQueryUses(ROOT, ['engine']);
    assert.ok([...queries.keys()].some((f) => f.startsWith('engine/store/')), 'the repositories are read');
    assert.deepEqual(architectureViolations(graph, queries), []);
  });

  it('finds query builders and the sql tag in the syntax, not in comments or strings', () => {
    const text = [
      "import { sql as q, type Kysely } from 'kysely';",
      '// db.selectFrom(\'documents\') in a comment',
      "const s = 'updateTable(';",
      "await db.selectFrom('documents').selectAll().execute();",
      "await tx",
      "  .deleteFrom('previews')",
      '  .execute();',
      'const n = q<number>`COUNT(*)`;',
      "const r = q.ref('id');",
    ].join('\n');
    assert.deepEqual(queryUsesIn('x.ts', text), [
      { what: 'selectFrom(', line: 4 },
      { what: 'deleteFrom(', line: 6 },
      { what: 'sql`', line: 8 },
      { what: 'sql.ref', line: 9 },
    ]);
    // A `sql` that is not kysely's is not the tag.
    assert.deepEqual(queryUsesIn('y.ts', 'const sql = (s: TemplateStringsArray) => s; sql`x`;'), []);
  });

  it('reports each kind of violation', () => {
    const value = (target: string) => ({ target, runtime: true });
    const graph: ImportGraph = new Map([
      ['engine/pipeline/a.ts', [value('engine/api/errors.ts'), { target: 'engine/jobs/q.ts', runtime: false }]],
      ['engine/jobs/q.ts', [value('engine/pipeline/a.ts')]],
      ['engine/store/s.ts', [value('engine/billing/b.ts'), value('pkg:kysely')]],
      ['engine/billing/b.ts', [value('engine/billing/c.ts')]],
      ['engine/billing/c.ts', [value('engine/billing/b.ts')]],
      // An interface and its implementation: a cycle only through a type import, allowed.
      ['engine/billing/port.ts', [value('engine/billing/impl.ts')]],
      ['engine/billing/impl.ts', [{ target: 'engine/billing/port.ts', runtime: false }]],
      ['engine/formats/f.ts', [value('pkg:electron'), value('main/main.ts')]],
      ['engine/novel/n.ts', []],
      ['renderer/src/x.tsx', [value('engine/api/schemas.ts')]],
      ['engine/api/errors.ts', []],
    ]);
    const found = architectureViolations(graph).join('\n');
    for (const expected of [
      'engine/pipeline/a.ts imports engine/api/errors.ts: pipeline (domain) may not import api',
      'engine/pipeline/a.ts imports engine/jobs/q.ts: pipeline (domain) may not import jobs',
      'module cycle: jobs ↔ pipeline',
      'engine/store/s.ts imports engine/billing/b.ts: store imports only',
      'file cycle (value imports): engine/billing/b.ts ↔ engine/billing/c.ts',
      'engine/formats/f.ts imports electron',
      'engine/formats/f.ts imports main/main.ts',
      'module "novel" has no layer',
      'renderer/src/x.tsx imports engine/api/schemas.ts',
    ]) {
      assert.ok(found.includes(expected), `missing "${expected}" in:\n${found}`);
    }
    assert.ok(!found.includes('port.ts'), found);
  });

  it('refuses SQL built outside the repositories and stale allowlist entries', () => {
    const graph: ImportGraph = new Map([
      ['engine/pipeline/p.ts', []],
      ['engine/store/documents.ts', []],
      ['engine/queue/q.ts', []],
      ['engine/accounts/legacy.ts', []],
    ]);
    const queries: QueryUses = new Map([
      ['engine/pipeline/p.ts', [{ what: 'updateTable(', line: 12 }, { what: 'sql`', line: 14 }]],
      ['engine/store/documents.ts', [{ what: 'selectFrom(', line: 3 }]],
      ['engine/queue/q.ts', [{ what: 'insertInto(', line: 5 }]],
      ['engine/accounts/legacy.ts', [{ what: 'deleteFrom(', line: 7 }]],
    ]);
    const allowlist = new Set(['engine/accounts/legacy.ts', 'engine/accounts/cleaned.ts']);
    const found = architectureViolations(graph, queries, allowlist);
    assert.deepEqual(found, [
      'engine/pipeline/p.ts builds SQL (updateTable( line 12, sql` line 14): queries live in engine/store (repositories) or engine/queue; call a repository function',
      'engine/accounts/cleaned.ts is on QUERY_ALLOWLIST in test/helpers/import-graph.ts but builds no SQL any more: remove the entry',
    ]);
    // Without query uses the import rules alone are checked.
    assert.deepEqual(architectureViolations(graph), []);
  });
});
