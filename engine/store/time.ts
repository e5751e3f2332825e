// Spec timestamps: ISO 8601 with microseconds and a Z suffix.
let lastMicros = 0;

/** Current time as `YYYY-MM-DDTHH:MM:SS.ffffffZ`; strictly increasing within a process. */
export function nowTimestamp(): string {
  const micros = Math.max(Math.floor((performance.timeOrigin + performance.now()) * 1000), lastMicros + 1);
  lastMicros = micros;
  return toTimestamp(micros);
}

export function toTimestamp(epochMicros: number): string {
  const ms = Math.floor(epochMicros / 1000);
  const iso = new Date(ms).toISOString(); // ...SS.mmmZ
  const micro = String(epochMicros % 1000).padStart(3, '0');
  return `${iso.slice(0, -1)}${micro}Z`;
}
