// Identity of a running engine process, used to tell whether a claimed job or an upload
// attempt still has a live owner. On Linux the process start time guards against PID reuse.
import { readFileSync } from 'node:fs';

function startTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime) counted after the parenthesised command name.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

export function ownerId(pid = process.pid): string {
  return `${pid}@${startTicks(pid) ?? Date.now()}`;
}

export function ownerAlive(owner: string): boolean {
  const [pidText, marker] = owner.split('@');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const ticks = startTicks(pid);
  return ticks === null || ticks === marker;
}
