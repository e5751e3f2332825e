// `docdesk` — the command line over the same services the API uses. Every command takes
// --data-dir and --json; the server and the CLI may use one data folder at the same time.
import { RATE_LIMIT_PROFILES } from '../accounts/accounts.js';
import { ABILITIES } from '../accounts/abilities.js';
import { balance, entries, grant } from '../billing/ledger.js';
import { resolveDataDir } from '../config/paths.js';
import { openEngineContext, type EngineContext } from '../context.js';
import { DataDirInUseError, signInUrl, startServer, startWorker } from '../index.js';
import { nonLoopbackWarning, normalizeOrigin } from '../api/localhost.js';
import { getSetting } from '../store/settings.js';
import { recentDeliveries } from '../store/webhook-deliveries.js';
import { ownerLive } from '../store/processes.js';
import type { RateLimitProfile, TokenMode } from '../store/schema.js';
import { DOCDESK_VERSION } from '../version.js';
import { addEndpoint, listEndpoints, parseEvents, removeEndpoint, rotateSecret, type WebhookEndpoint } from '../webhooks/endpoints.js';
import { retryDelivery } from '../webhooks/dispatcher.js';
import { reprocessDocument } from '../documents/reprocess.js';
import { AiSettingsError, clearAiSettings, describeSettings, getAiSettings, setAiSettings, validateSettings } from '../extract/ai/settings.js';
import { importCommand, IMPORT_HELP } from './import.js';
import { mcpCommand, MCP_HELP } from './mcp.js';
import { idPositional, intFlag, parseArgs, stringFlag, UsageError, type ParsedArgs } from './args.js';

const HELP = `docdesk ${DOCDESK_VERSION} — offline document extraction workstation

Usage: docdesk <command> [options]     (every command: --data-dir DIR, --json)

  serve [--host 127.0.0.1] [--port 0] [--public-origin URL] [--no-workers]
                                             run the engine, the API and the web UI
                                             (--no-workers: HTTP only; several may share a data folder, \`docdesk worker\` processes the documents)
  worker [--concurrency N]                   process documents and deliver webhooks, no HTTP (any number, beside serve --no-workers);
                                             SIGTERM lets running documents finish (DOCDESK_SHUTDOWN_GRACE_MS), then hands the rest back
  signin-url                                 a new one-time browser sign-in link for the running server
  account create --name N [--credits N] [--rate-profile P] [--batch-lane] [--concurrency N]
  account list | suspend ID | resume ID
  account set ID --allow-pdf-javascript on|off   let the upload scanner accept PDFs with JavaScript (off by default)
  token create --account ID --mode live|test --abilities a,b,c [--name N]
  token list [--account ID] | revoke ID
  credits grant --account ID --amount N [--note T] | show --account ID
  document reprocess ID                       process a terminal document again (same settings and rate)
  ai set --base-url URL --model M [--api-key K] [--timeout-ms N] [--max-input-chars N] [--reasoning-effort E]
                                              AI second opinion via an OpenAI-compatible endpoint
  ai show | off                               show (key hidden) or remove the AI provider
  webhook add --account ID --url URL [--events e1,e2]   (prints the signing secret)
  webhook list [--account ID] | remove ID | rotate-secret ID
  webhook deliveries [--account ID] [--limit N] | retry DELIVERY_ID
${IMPORT_HELP}
${MCP_HELP}

Rate profiles: ${RATE_LIMIT_PROFILES.join(', ')}. Abilities: ${ABILITIES.join(', ')}.
Data folder: --data-dir, else DOCDESK_DATA_DIR, else the per-user app-data folder.`;

interface Output {
  json: boolean;
  print(human: string, data: unknown): void;
}

function output(args: ParsedArgs): Output {
  const json = args.flags.has('json');
  return {
    json,
    print(human, data) {
      process.stdout.write(json ? `${JSON.stringify(data)}\n` : `${human}\n`);
    },
  };
}

function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((r) => columns.map((c) => formatCell(r[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}

function formatCell(v: unknown): string {
  if (v === null || v === undefined) return '-';
  if (Array.isArray(v)) return v.join(',');
  return String(v);
}

async function withEngine<T>(args: ParsedArgs, fn: (engine: EngineContext) => Promise<T>): Promise<T> {
  const engine = await openEngineContext(resolveDataDir(stringFlag(args, 'data-dir')));
  try {
    return await fn(engine);
  } finally {
    await engine.close();
  }
}

async function serve(args: ParsedArgs, out: Output): Promise<void> {
  const portText = stringFlag(args, 'port');
  if (portText !== undefined && !/^\d{1,5}$/.test(portText)) throw new UsageError('--port must be a number from 0 to 65535');
  const host = stringFlag(args, 'host') ?? '127.0.0.1';
  const publicOrigin = stringFlag(args, 'public-origin') ?? process.env.DOCDESK_PUBLIC_ORIGIN;
  // The desktop shell hands over the data key it unwrapped from the OS keychain.
  const secretKey = args.flags.has('key-stdin') ? await readKeyFromStdin() : null;
  const handle = await startServer({ dataDir: resolveDataDir(stringFlag(args, 'data-dir')), host, port: portText ? Number(portText) : 0, publicOrigin, keys: { secretKey }, workers: !args.flags.has('no-workers') });
  const address = handle.app.server.address();
  const warning = nonLoopbackWarning(host, typeof address === 'object' && address ? address.port : 0, publicOrigin ? normalizeOrigin(publicOrigin) : null);
  if (warning) process.stderr.write(`${warning}\n`);
  const signIn = await handle.signInUrl();
  out.print(`listening on ${handle.url}`, { listening: handle.url, signin_url: signIn, data_dir: handle.engine.layout.root, app_token_file: handle.bootstrap.appTokenFile });
  if (!out.json) {
    process.stderr.write(`web UI: ${handle.url}/   API: ${handle.url}/api/v1   data: ${handle.engine.layout.root}\n`);
    process.stderr.write(`sign in (one-time link, 10 minutes; \`docdesk signin-url\` makes a new one):\n  ${signIn}\n`);
    if (handle.bootstrap.createdAccount) process.stderr.write(`first start: created the "Local workspace" account\n`);
    process.stderr.write(`app token: ${handle.bootstrap.appTokenFile}${handle.bootstrap.createdToken ? ' (new)' : ''}\n`);
  }
  stopOnSignals(() => handle.close());
}

/** SIGINT/SIGTERM: a clean close (documents in progress finish or are handed back), then exit. */
function stopOnSignals(close: () => Promise<void>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

async function worker(args: ParsedArgs, out: Output): Promise<void> {
  const concurrency = intFlag(args, 'concurrency');
  if (concurrency !== undefined && concurrency < 1) throw new UsageError('--concurrency must be at least 1');
  const handle = await startWorker({ dataDir: resolveDataDir(stringFlag(args, 'data-dir')), concurrency });
  const size = handle.scheduler.pool.size;
  out.print(`worker ${process.pid} processing documents of ${handle.engine.layout.root} (${size} worker process${size === 1 ? '' : 'es'}, ${handle.scheduler.documentSlots} documents at once)`, {
    worker: handle.engine.owner,
    pid: process.pid,
    data_dir: handle.engine.layout.root,
    concurrency: size,
    document_slots: handle.scheduler.documentSlots,
  });
  stopOnSignals(() => handle.close());
}

async function readKeyFromStdin(): Promise<Buffer> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n') || text.length > 200) break;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new UsageError('--key-stdin expects a base64 32-byte key on standard input');
  return key;
}

async function account(args: ParsedArgs, out: Output): Promise<void> {
  const sub = args.positionals[1];
  await withEngine(args, async (engine) => {
    if (sub === 'create') {
      const profile = stringFlag(args, 'rate-profile') as RateLimitProfile | undefined;
      const credits = intFlag(args, 'credits');
      if (credits !== undefined && credits < 0) throw new UsageError('--credits must not be negative');
      const { account: acc } = await engine.accounts.createAccount({
        name: stringFlag(args, 'name', true),
        rateLimitProfile: profile,
        batchLaneEligible: args.flags.has('batch-lane'),
        concurrentStandardLimit: intFlag(args, 'concurrency'),
      });
      if (credits) await grant(engine.db, acc.id, credits, 'initial credits');
      out.print(`created account ${acc.id} "${acc.name}" (credits: ${credits ?? 0})`, { ...presentAccount(acc), credits: credits ?? 0 });
    } else if (sub === 'list') {
      const rows = await Promise.all((await engine.accounts.listAccounts()).map(async (a) => ({ ...presentAccount(a), credits: await balance(engine.db, a.id) })));
      out.print(table(rows, ['id', 'name', 'status', 'rate_limit_profile', 'batch_lane_eligible', 'concurrent_standard_limit', 'credits']), rows);
    } else if (sub === 'suspend' || sub === 'resume') {
      const acc = await engine.accounts.setStatus(idPositional(args, 2, 'account'), sub === 'suspend' ? 'suspended' : 'active');
      out.print(`account ${acc.id} is now ${acc.status}`, presentAccount(acc));
    } else if (sub === 'set') {
      const value = stringFlag(args, 'allow-pdf-javascript', true);
      if (value !== 'on' && value !== 'off') throw new UsageError('--allow-pdf-javascript must be on or off');
      const acc = await engine.accounts.setAllowPdfJavaScript(idPositional(args, 2, 'account'), value === 'on');
      out.print(`account ${acc.id}: PDF JavaScript ${value === 'on' ? 'allowed' : 'rejected'} by the upload scanner`, presentAccount(acc));
    } else throw new UsageError('account: expected create, list, set ID, suspend ID or resume ID');
  });
}

function presentAccount(a: { id: number; name: string; status: string; rate_limit_profile: string; batch_lane_eligible: number; concurrent_standard_limit: number; allow_pdf_javascript: number; created_at: string }) {
  return { id: a.id, name: a.name, status: a.status, rate_limit_profile: a.rate_limit_profile, batch_lane_eligible: a.batch_lane_eligible === 1, concurrent_standard_limit: a.concurrent_standard_limit, allow_pdf_javascript: a.allow_pdf_javascript === 1, created_at: a.created_at };
}

async function token(args: ParsedArgs, out: Output): Promise<void> {
  const sub = args.positionals[1];
  await withEngine(args, async (engine) => {
    if (sub === 'create') {
      const mode = stringFlag(args, 'mode', true);
      if (mode !== 'live' && mode !== 'test') throw new UsageError('--mode must be live or test');
      const { token: secret, listing } = await engine.accounts.createToken({
        accountId: intFlag(args, 'account', true)!,
        mode: mode as TokenMode,
        abilities: stringFlag(args, 'abilities', true),
        name: stringFlag(args, 'name'),
      });
      out.print(`${secret}\n(token ${listing.id}; shown once — store it now)`, { ...listing, token: secret });
    } else if (sub === 'list') {
      const rows = await engine.accounts.listTokens(intFlag(args, 'account'));
      out.print(table(rows as unknown as Record<string, unknown>[], ['id', 'account_id', 'name', 'mode', 'abilities', 'token_prefix', 'last_used_at', 'revoked_at']), rows);
    } else if (sub === 'revoke') {
      const listing = await engine.accounts.revokeToken(idPositional(args, 2, 'token'));
      out.print(`token ${listing.id} revoked`, listing);
    } else throw new UsageError('token: expected create, list or revoke ID');
  });
}

async function credits(args: ParsedArgs, out: Output): Promise<void> {
  const sub = args.positionals[1];
  await withEngine(args, async (engine) => {
    const accountId = intFlag(args, 'account', true)!;
    await engine.accounts.getAccount(accountId);
    if (sub === 'grant') {
      const amount = intFlag(args, 'amount', true)!;
      await grant(engine.db, accountId, amount, stringFlag(args, 'note') ?? 'granted via CLI');
      const bal = await balance(engine.db, accountId);
      out.print(`granted ${amount} credits to account ${accountId}; balance ${bal}`, { account_id: accountId, granted: amount, balance: bal });
    } else if (sub === 'show') {
      const bal = await balance(engine.db, accountId);
      const rows = await entries(engine.db, accountId);
      out.print(`balance ${bal}\n${table(rows as unknown as Record<string, unknown>[], ['id', 'kind', 'amount', 'document_id', 'run_id', 'note', 'created_at'])}`, { account_id: accountId, balance: bal, ledger: rows });
    } else throw new UsageError('credits: expected grant or show');
  });
}

async function webhook(args: ParsedArgs, out: Output): Promise<void> {
  const sub = args.positionals[1];
  await withEngine(args, async (engine) => {
    if (sub === 'add') {
      const accountId = intFlag(args, 'account', true)!;
      await engine.accounts.getAccount(accountId);
      const endpoint = await addEndpoint(engine.db, accountId, stringFlag(args, 'url', true), parseEvents(stringFlag(args, 'events')));
      out.print(`webhook ${endpoint.id} → ${endpoint.url}\nsigning secret: ${endpoint.secret}`, presentEndpoint(endpoint, true));
    } else if (sub === 'list') {
      const rows = (await listEndpoints(engine.db, intFlag(args, 'account'))).map((e) => presentEndpoint(e, false));
      out.print(table(rows, ['id', 'account_id', 'url', 'events', 'created_at']), rows);
    } else if (sub === 'remove') {
      const id = idPositional(args, 2, 'webhook');
      await removeEndpoint(engine.db, id);
      out.print(`webhook ${id} removed`, { id, removed: true });
    } else if (sub === 'rotate-secret') {
      const endpoint = await rotateSecret(engine.db, idPositional(args, 2, 'webhook'));
      out.print(`new signing secret of webhook ${endpoint.id}: ${endpoint.secret}`, presentEndpoint(endpoint, true));
    } else if (sub === 'deliveries') {
      const rows = await recentDeliveries(engine.db, intFlag(args, 'limit') ?? 50, intFlag(args, 'account'));
      out.print(table(rows as unknown as Record<string, unknown>[], ['id', 'endpoint_id', 'document_id', 'event', 'status', 'attempts', 'last_status_code', 'last_error']), rows);
    } else if (sub === 'retry') {
      const id = idPositional(args, 2, 'delivery');
      await retryDelivery(engine.db, id);
      out.print(`delivery ${id} queued again`, { id, queued: true });
    } else throw new UsageError('webhook: expected add, list, remove ID, rotate-secret ID, deliveries or retry ID');
  });
}

async function document(args: ParsedArgs, out: Output): Promise<void> {
  const sub = args.positionals[1];
  await withEngine(args, async (engine) => {
    if (sub === 'reprocess') {
      const id = idPositional(args, 2, 'document');
      const { runId } = await reprocessDocument(engine.db, id);
      out.print(`document ${id} queued for reprocessing${runId ? ` (run ${runId})` : ''}`, { document_id: id, run_id: runId, queued: true });
    } else throw new UsageError('document: expected reprocess ID');
  });
}

async function ai(args: ParsedArgs, out: Output): Promise<void> {
  const sub = args.positionals[1];
  await withEngine(args, async (engine) => {
    if (sub === 'set') {
      let settings;
      try {
        settings = validateSettings({
          base_url: stringFlag(args, 'base-url', true),
          model: stringFlag(args, 'model', true),
          api_key: stringFlag(args, 'api-key') ?? null,
          timeout_ms: intFlag(args, 'timeout-ms'),
          max_input_chars: intFlag(args, 'max-input-chars'),
          reasoning_effort: stringFlag(args, 'reasoning-effort') ?? null,
        });
      } catch (err) {
        if (err instanceof AiSettingsError) throw new UsageError(err.message);
        throw err;
      }
      await setAiSettings(engine.db, settings);
      out.print(`AI provider set: ${settings.base_url} (model ${settings.model}); used for uploads that allow AI processing`, describeSettings(settings));
    } else if (sub === 'show') {
      const s = await getAiSettings(engine.db);
      const d = describeSettings(s);
      out.print(s ? Object.entries(d).map(([k, v]) => `${k}: ${v ?? '-'}`).join('\n') : 'AI provider: not configured (extraction is deterministic only)', d);
    } else if (sub === 'off') {
      await clearAiSettings(engine.db);
      out.print('AI provider removed; extraction is deterministic only', { configured: false });
    } else throw new UsageError('ai: expected set, show or off');
  });
}

function presentEndpoint(e: WebhookEndpoint, withSecret: boolean) {
  return { id: e.id, account_id: e.account_id, url: e.url, events: JSON.parse(e.events) as string[], created_at: e.created_at, ...(withSecret ? { secret: e.secret } : {}) };
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const out = output(args);
  const command = args.positionals[0];
  try {
    switch (command) {
      case 'serve':
        await serve(args, out);
        return -1; // keeps running
      case 'worker':
        await worker(args, out);
        return -1;
      case 'account':
        await account(args, out);
        return 0;
      case 'token':
        await token(args, out);
        return 0;
      case 'credits':
        await credits(args, out);
        return 0;
      case 'document':
        await document(args, out);
        return 0;
      case 'webhook':
        await webhook(args, out);
        return 0;
      case 'signin-url':
        await withEngine(args, async (engine) => {
          const owner = await getSetting(engine.db, 'server_owner');
          const url = await getSetting(engine.db, 'server_url');
          if (!owner || !url || !(await ownerLive(engine.db, owner))) throw new Error('no Docdesk server is running on this data folder; start it with "docdesk serve" (it prints a sign-in link)');
          const link = await signInUrl(engine, url);
          out.print(link, { signin_url: link });
        });
        return 0;
      case 'ai':
        await ai(args, out);
        return 0;
      case 'import':
        return await withEngine(args, (engine) => importCommand(args, engine, out.json));
      case 'mcp':
        return await mcpCommand(args);
      case 'version':
        out.print(DOCDESK_VERSION, { version: DOCDESK_VERSION });
        return 0;
      case undefined:
      case 'help':
        process.stdout.write(`${HELP}\n`);
        return command === undefined && !args.flags.has('help') ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (out.json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    process.stderr.write(`docdesk: ${message}\n`);
    if (err instanceof UsageError) {
      process.stderr.write('run "docdesk help" for usage\n');
      return 2;
    }
    return err instanceof DataDirInUseError ? 3 : 1;
  }
}
