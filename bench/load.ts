// A keep-alive HTTP load generator (used when wrk is not installed): C connections issue
// GETs back to back for D seconds; prints requests/s and latency percentiles as JSON.
import { Agent, request } from 'node:http';

const [url, connectionsText, secondsText, authHeader] = process.argv.slice(2);
const connections = Number(connectionsText ?? 16);
const seconds = Number(secondsText ?? 5);
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const latencies: number[] = [];
let errors = 0;
const deadline = performance.now() + seconds * 1000;

function once(): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    const req = request(url!, { agent, headers: authHeader ? { Authorization: authHeader } : {} }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) errors++;
        latencies.push(performance.now() - start);
        resolve();
      });
    });
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end();
  });
}

async function loop(): Promise<void> {
  while (performance.now() < deadline) await once();
}

const started = performance.now();
await Promise.all(Array.from({ length: connections }, loop));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
process.stdout.write(JSON.stringify({ requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors }) + '\n');
agent.destroy();
