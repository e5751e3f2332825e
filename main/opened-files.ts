// Files the user opened through the shell (File → Open…, recent documents, the dock icon,
// a second launch with paths). The renderer may read exactly these paths through the
// preload, nothing else on disk.
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface OpenedFile {
  path: string;
  name: string;
  size: number;
}

/** Bounded so that opening a home folder by mistake does not queue a disk's worth of files. */
export const MAX_FILES_PER_OPEN = 500;
const MAX_DEPTH = 8;

export class OpenedFiles {
  private readonly allowed = new Set<string>();

  /** Expands folders (recursively, hidden entries skipped) and records every file as readable. */
  admit(paths: string[]): OpenedFile[] {
    const out: OpenedFile[] = [];
    const visit = (path: string, depth: number) => {
      if (out.length >= MAX_FILES_PER_OPEN || depth > MAX_DEPTH) return;
      let info;
      try {
        info = statSync(path);
      } catch {
        return;
      }
      if (info.isDirectory()) {
        let entries: string[];
        try {
          entries = readdirSync(path).sort();
        } catch {
          return;
        }
        for (const entry of entries) if (!entry.startsWith('.')) visit(join(path, entry), depth + 1);
      } else if (info.isFile()) {
        this.allowed.add(path);
        out.push({ path, name: basename(path), size: info.size });
      }
    };
    for (const p of paths) visit(p, 0);
    return out;
  }

  isAllowed(path: string): boolean {
    return this.allowed.has(path);
  }
}

/** Paths among a second instance's command line (flags and the app's own arguments removed). */
export function pathsFromArgv(argv: string[], cwd: string): string[] {
  return argv.slice(1).filter((a) => !a.startsWith('-') && !a.endsWith('.js')).map((a) => (a.startsWith('/') || /^[A-Za-z]:[\\/]/.test(a) ? a : join(cwd, a)));
}
