// Shared by every benchmark: results are printed as markdown tables.
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median wall time in ms of `runs` calls of a synchronous step, after one warm-up call. */
export function warmMedianMs(call: () => void, runs: number): number {
  call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    call();
    times.push(performance.now() - t);
  }
  return median(times);
}

export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
