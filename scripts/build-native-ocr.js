#!/usr/bin/env node
// Part of `npm run build`: compiles the optional native recognizer (engine/ocr/native/
// docdesk_ocr.cc, Node-API over libtesseract) to build/native/docdesk_ocr.node. Where a
// C++ compiler, Node's headers or the libtesseract/leptonica development files are missing
// (Windows and macOS users, a Debian without libtesseract-dev) it prints one line and exits
// 0: the engine then reads pages with tesseract.js. Skipped when the addon is newer than
// its sources. DOCDESK_OCR_BACKEND=wasm skips it too (nothing would load it).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'engine', 'ocr', 'native', 'docdesk_ocr.cc');
const outDir = join(root, 'build', 'native');
const out = join(outDir, 'docdesk_ocr.node');

const skip = (reason) => {
  console.log(`native OCR not built: ${reason}; tesseract.js is used`);
  process.exit(0);
};

if (process.env.DOCDESK_OCR_BACKEND === 'wasm') skip('DOCDESK_OCR_BACKEND=wasm');
const newest = Math.max(statSync(source).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs);
if (existsSync(out) && statSync(out).mtimeMs > newest) process.exit(0);
if (process.platform === 'win32') skip('not supported on Windows');

const run = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const has = (cmd) => {
  try {
    run(cmd, ['--version']);
    return true;
  } catch {
    return false;
  }
};

const compiler = [process.env.CXX, 'c++', 'g++', 'clang++'].find((c) => c && has(c));
if (!compiler) skip('no C++ compiler');
if (!has('pkg-config')) skip('no pkg-config');
let flags;
try {
  flags = run('pkg-config', ['--cflags', '--libs', 'tesseract', 'lept']).split(/\s+/).filter(Boolean);
} catch {
  skip('libtesseract/leptonica development files missing (Debian: apt-get install libtesseract-dev libleptonica-dev)');
}
// Node's own headers: next to the running node, Debian's package, or the node-gyp cache.
const headerDirs = [join(dirname(process.execPath), '..', 'include', 'node'), '/usr/include/node', '/usr/local/include/node'];
const headers = headerDirs.find((d) => existsSync(join(d, 'node_api.h')));
if (!headers) skip("Node's headers (node_api.h) not found");

mkdirSync(outDir, { recursive: true });
const tmp = `${out}.${process.pid}.tmp`;
const args = ['-std=c++17', '-O2', '-shared', '-fPIC', '-fvisibility=hidden', '-DNAPI_VERSION=8', `-I${headers}`, source, '-o', tmp, ...flags];
// Node-API symbols come from the host process (node or Electron) at load time.
if (process.platform === 'darwin') args.push('-undefined', 'dynamic_lookup');
try {
  run(compiler, args);
  renameSync(tmp, out);
} catch (err) {
  rmSync(tmp, { force: true });
  const detail = String(err.stderr || err.message).split('\n').find((l) => /error/i.test(l)) ?? 'compiler failed';
  skip(`${compiler} failed (${detail.trim().slice(0, 200)})`);
}
console.log(`native OCR built: ${out.slice(root.length + 1)}`);
