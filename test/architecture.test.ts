// The import direction of docs/architecture.md, checked on the real sources: no cycles,
// every import pointing down the layers, no Electron in the engine, the renderer over HTTP only.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { architectureViolations, readImportGraph, type ImportGraph } from './helpers/import-graph.js';

// Compiled to dist/test/architecture.test.js: the sources are two levels up.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('architecture', () => {
  it('keeps the engine layered, acyclic and free of Electron', () => {
    const graph = readImportGraph(ROOT, ['engine', 'renderer/src']);
    assert.ok(graph.size > 100, `read only ${graph.size} source files from ${ROOT}`);
    assert.ok(graph.get('engine/api/server.ts')?.some((i) => i.runtime && i.target.startsWith('engine/')), 'imports are resolved to files');
    assert.deepEqual(architectureViolations(graph), []);
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
});
