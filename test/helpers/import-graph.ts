// The import graph of the TypeScript sources and the layering rules it must keep
// (docs/architecture.md, "Import direction"). Imports are read with the compiler's own
// pre-processor, so `import type`, `export … from` and dynamic `import()` all count.
import ts from 'typescript';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** One import of a file: a repository-relative file (forward slashes) or `pkg:<name>` for a package. */
export interface Import {
  target: string;
  /**
   * A static import of values, evaluated before the importing module: what makes a cycle of
   * files a problem at run time. `import type`, `export type … from` and lazy `import()`
   * are not (they still count for the layers).
   */
  runtime: boolean;
}

export type ImportGraph = Map<string, Import[]>;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, base, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base; // unresolved: still reported with its folder
}

/** Specifiers of the static value imports and re-exports of a source file. */
function runtimeSpecifiers(file: string, text: string): Set<string> {
  const out = new Set<string>();
  for (const st of ts.createSourceFile(file, text, ts.ScriptTarget.Latest).statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.add(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) && !st.isTypeOnly) {
      out.add(st.moduleSpecifier.text);
    }
  }
  return out;
}

/** The graph of every .ts/.tsx file under `dirs` (relative to `root`). */
export function readImportGraph(root: string, dirs: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  const rel = (p: string) => relative(root, p).split(sep).join('/');
  for (const dir of dirs) {
    if (!existsSync(join(root, dir))) continue;
    for (const file of sourceFiles(join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      const runtime = runtimeSpecifiers(file, text);
      const imports = new Map<string, Import>();
      for (const { fileName: s } of ts.preProcessFile(text, true, true).importedFiles) {
        const target = s.startsWith('.') ? rel(resolveImport(file, s)) : `pkg:${s}`;
        const seen = imports.get(target);
        imports.set(target, { target, runtime: (seen?.runtime ?? false) || runtime.has(s) });
      }
      graph.set(rel(file), [...imports.values()]);
    }
  }
  return graph;
}

/**
 * The module a file belongs to: its folder under engine/ (`engine/api/routes/x.ts` → `api`),
 * or the file itself for the engine's top-level files (`engine/context.ts` → `context`).
 */
export function engineModule(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] !== 'engine') return null;
  return parts.length > 2 ? parts[1]! : parts[1]!.replace(/\.tsx?$/, '');
}

/**
 * The engine's layers, top first. A module imports modules of its own layer or below,
 * never above; together with "no cycles" this keeps every edge pointing down.
 */
export const LAYERS: ReadonlyArray<{ name: string; modules: readonly string[] }> = [
  { name: 'composition', modules: ['index', 'bootstrap', 'cli'] },
  // In-process API clients: they upload through the API's own routes (engine/intake/local-api.ts).
  { name: 'api clients', modules: ['intake', 'mcp'] },
  { name: 'api', modules: ['api'] },
  { name: 'runtime', modules: ['jobs', 'context'] },
  { name: 'domain', modules: ['documents', 'pipeline'] },
  // `queue`: the job queue's contract and engines (enqueued inside the acceptance transaction), below what enqueues.
  { name: 'components', modules: ['queue', 'profiles', 'extract', 'einvoice', 'ocr', 'formats', 'scanner', 'thumbnail', 'billing', 'accounts', 'ratelimit', 'webhooks'] },
  { name: 'store', modules: ['store'] },
  { name: 'base', modules: ['config', 'domain', 'version'] },
];

/** What `store` may import besides itself: nothing that knows documents, HTTP or jobs. */
const STORE_MAY_IMPORT = new Set(['store', 'config', 'domain']);

const layerOf = new Map(LAYERS.flatMap((l, i) => l.modules.map((m) => [m, i] as const)));

/** Strongly connected components with more than one node (Tarjan). */
export function cycles(graph: Map<string, Iterable<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** One place a file builds SQL: a kysely query builder call or the `sql` tag, with its line. */
export interface QueryUse {
  what: string;
  line: number;
}

/** Per file, where it builds SQL (files that build none are absent). */
export type QueryUses = Map<string, QueryUse[]>;

/** The kysely calls that start a statement. */
const QUERY_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom']);

/**
 * Where a source file builds SQL: calls of `selectFrom(`, `insertInto(`, `updateTable(`,
 * `deleteFrom(` and the `sql` tag imported from kysely (a tagged template, `sql.ref(…)` and
 * the other helpers on it alike), read from the syntax tree, so comments and strings do not count.
 */
export function queryUsesIn(file: string, text: string): QueryUse[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const uses: QueryUse[] = [];
  const at = (node: ts.Node, what: string) => uses.push({ what, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  const sqlNames = new Set<string>();
  for (const st of source.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || st.moduleSpecifier.text !== 'kysely') continue;
    const named = st.importClause?.namedBindings;
    if (st.importClause?.isTypeOnly || !named || !ts.isNamedImports(named)) continue;
    for (const e of named.elements) if (!e.isTypeOnly && (e.propertyName ?? e.name).text === 'sql') sqlNames.add(e.name.text);
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && QUERY_BUILDERS.has(node.expression.name.text)) at(node.expression.name, `${node.expression.name.text}(`);
    else if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && sqlNames.has(node.tag.text)) at(node, 'sql`');
    else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && sqlNames.has(node.expression.text)) at(node, `sql.${node.name.text}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** Where the engine's files under `dirs` (relative to `root`) build SQL. */
export function readQueryUses(root: string, dirs: string[]): QueryUses {
  const out: QueryUses = new Map();
  for (const dir of dirs) {
    if (!existsSync(join(root, dir))) continue;
    for (const file of sourceFiles(join(root, dir))) {
      const uses = queryUsesIn(file, readFileSync(file, 'utf8'));
      if (uses.length) out.set(relative(root, file).split(sep).join('/'), uses);
    }
  }
  return out;
}

/** The modules whose files may build SQL: the repositories and the job queue's engines. */
const QUERY_MODULES = new Set(['store', 'queue']);

/**
 * Files that still build SQL outside the repositories while their repositories are being
 * written (issue 17, the accounts side). Temporary: an entry goes when its file is clean,
 * and an entry whose file builds no SQL any more fails the check until it is removed.
 */
export const QUERY_ALLOWLIST: ReadonlySet<string> = new Set<string>([]);

function queryPlacementViolations(queries: QueryUses, allowlist: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const [file, uses] of queries) {
    const module = engineModule(file);
    if (module === null || QUERY_MODULES.has(module) || allowlist.has(file)) continue;
    const where = uses.map((u) => `${u.what} line ${u.line}`).join(', ');
    problems.push(`${file} builds SQL (${where}): queries live in engine/store (repositories) or engine/queue; call a repository function`);
  }
  for (const file of allowlist) {
    if (!queries.has(file)) problems.push(`${file} is on QUERY_ALLOWLIST in test/helpers/import-graph.ts but builds no SQL any more: remove the entry`);
  }
  return problems;
}

/**
 * Every broken rule as one line naming the importing file and what it imports; with
 * `queries`, also every file outside engine/store and engine/queue that builds SQL.
 */
export function architectureViolations(graph: ImportGraph, queries?: QueryUses, allowlist: ReadonlySet<string> = QUERY_ALLOWLIST): string[] {
  const problems: string[] = [];
  const moduleEdges = new Map<string, Set<string>>();
  const runtimeFiles = new Map<string, string[]>();
  for (const [file, imports] of graph) {
    if (file.startsWith('renderer/')) {
      for (const { target } of imports) {
        if (target.startsWith('engine/') || target.startsWith('main/')) problems.push(`${file} imports ${target}: the renderer talks to the engine over HTTP only`);
      }
      continue;
    }
    const from = engineModule(file);
    if (from === null) continue;
    runtimeFiles.set(file, imports.filter((i) => i.runtime && i.target.startsWith('engine/')).map((i) => i.target));
    if (!layerOf.has(from)) problems.push(`${file}: module "${from}" has no layer; add it to LAYERS in test/helpers/import-graph.ts and docs/architecture.md`);
    const edges = moduleEdges.get(from) ?? new Set<string>();
    moduleEdges.set(from, edges);
    for (const { target } of imports) {
      if (target === 'pkg:electron' || target.startsWith('pkg:electron/')) {
        problems.push(`${file} imports electron: the engine is a library without Electron`);
        continue;
      }
      if (target.startsWith('pkg:')) continue;
      const to = engineModule(target);
      if (to === null) {
        problems.push(`${file} imports ${target}: the engine imports nothing outside engine/ (main/ and renderer/ are its faces)`);
        continue;
      }
      if (to === from) continue;
      edges.add(to);
      if (from === 'store' && !STORE_MAY_IMPORT.has(to)) problems.push(`${file} imports ${target}: store imports only store, config and domain`);
      const [a, b] = [layerOf.get(from), layerOf.get(to)];
      if (a !== undefined && b !== undefined && b < a) problems.push(`${file} imports ${target}: ${from} (${LAYERS[a]!.name}) may not import ${to} (${LAYERS[b]!.name}, a higher layer)`);
    }
  }
  for (const c of cycles(moduleEdges)) problems.push(`module cycle: ${c.join(' ↔ ')}`);
  for (const c of cycles(runtimeFiles)) problems.push(`file cycle (value imports): ${c.join(' ↔ ')}`);
  if (queries) problems.push(...queryPlacementViolations(queries, allowlist));
  return problems;
}
