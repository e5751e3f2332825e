// A real HTTP server speaking the OpenAI chat-completions protocol (GET /v1/models,
// POST /v1/chat/completions), started inside a test: the stand-in for a remote AI service.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatBehaviour =
  | { kind: 'answer'; content: unknown }
  | { kind: 'raw_content'; content: string }
  | { kind: 'status'; status: number }
  | { kind: 'hang' };

export interface ChatServer {
  baseUrl: string;
  requests: Array<{ path: string; body: any; authorization: string | undefined }>;
  behaviour: ChatBehaviour;
  modelsStatus: number;
  close(): Promise<void>;
}

export async function startChatServer(model = 'test-model'): Promise<ChatServer> {
  const hanging: ServerResponse[] = [];
  const state = { requests: [], behaviour: { kind: 'answer', content: { fields: {}, tax_breakdowns: [] } }, modelsStatus: 200 } as unknown as ChatServer;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      state.requests.push({ path: req.url ?? '', body: raw ? JSON.parse(raw) : null, authorization: req.headers.authorization });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === '/v1/models') {
        if (state.modelsStatus !== 200) return json(state.modelsStatus, { error: { message: 'down' } });
        return json(200, { object: 'list', data: [{ id: model, object: 'model' }] });
      }
      if (req.method === 'POST' && req.url === '/v1/chat/completions') {
        const b = state.behaviour;
        if (b.kind === 'hang') {
          hanging.push(res);
          return;
        }
        if (b.kind === 'status') return json(b.status, { error: { message: 'failure' } });
        const content = b.kind === 'raw_content' ? b.content : JSON.stringify(b.content);
        return json(200, { id: 'chatcmpl-1', object: 'chat.completion', model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }], usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 } });
      }
      json(404, { error: { message: 'not found' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = async () => {
    for (const r of hanging) r.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return state;
}

/** An answer in the schema's shape: every field null unless given. */
export function proposal(fields: Record<string, { value: string | null; cited_text: string | null }>, taxRows: unknown[] = []) {
  const names = ['type', 'document_number', 'issue_date', 'payment_due_date', 'sender_name', 'sender_vat_number', 'recipient_name', 'currency', 'net_amount', 'gross_amount', 'iban', 'bic', 'payment_reference'];
  return { fields: Object.fromEntries(names.map((n) => [n, fields[n] ?? { value: null, cited_text: null }])), tax_breakdowns: taxRows };
}
