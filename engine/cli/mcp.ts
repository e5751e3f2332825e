// `docdesk mcp`: the MCP server over stdio. stdout carries protocol messages only; every
// diagnostic goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { resolveDataDir } from '../config/paths.js';
import { openEngineContext } from '../context.js';
import { recoverInterruptedUploads } from '../api/idempotency.js';
import { LocalApi } from '../intake/local-api.js';
import { ensureProcessing } from '../intake/processing.js';
import { buildMcpServer } from '../mcp/server.js';
import { stringFlag, UsageError, type ParsedArgs } from './args.js';

export const MCP_HELP = `  mcp [--token T]                             MCP server on stdio for local assistants (token: --token or DOCDESK_TOKEN)`;

export async function mcpCommand(args: ParsedArgs): Promise<number> {
  // Anything a library prints must not corrupt the protocol stream.
  console.log = console.info = console.debug = (...a: unknown[]) => console.error(...a);
  const token = (stringFlag(args, 'token') ?? process.env.DOCDESK_TOKEN ?? '').trim();
  if (!token) throw new UsageError('mcp needs a token: --token T or DOCDESK_TOKEN (create one with "docdesk token create")');
  const engine = await openEngineContext(resolveDataDir(stringFlag(args, 'data-dir')));
  if (!(await engine.accounts.authenticate(token))) {
    await engine.close();
    throw new Error('the token is invalid or revoked');
  }
  await recoverInterruptedUploads(engine.db, engine.owner);
  const api = await LocalApi.open(engine, { token });
  const processing = await ensureProcessing(engine);
  const server = buildMcpServer(api);
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    await processing.stop();
    await api.close();
    await engine.close();
    process.exit(0);
  };
  transport.onclose = () => void shutdown();
  process.stdin.once('end', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await server.connect(transport);
  process.stderr.write(`docdesk mcp: ready (processing: ${processing.host})\n`);
  return -1; // keeps running until stdin closes
}
