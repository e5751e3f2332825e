// Recently opened files, kept in the shell's user-data folder (not the engine's database:
// they are paths on this computer, not documents).
import { readFileSync, writeFileSync } from 'node:fs';

const MAX_RECENT = 10;

export class RecentFiles {
  constructor(private readonly file: string) {}

  list(): string[] {
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string').slice(0, MAX_RECENT) : [];
    } catch {
      return [];
    }
  }

  add(paths: string[]): string[] {
    const next = [...new Set([...paths, ...this.list()])].slice(0, MAX_RECENT);
    writeFileSync(this.file, JSON.stringify(next));
    return next;
  }

  clear(): void {
    writeFileSync(this.file, '[]');
  }
}
