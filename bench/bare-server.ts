// The reference for the API benchmark: a bare Fastify route returning the same JSON bytes
// the real endpoint returned, with no auth, no database and no serialization work.
import Fastify from 'fastify';

const payload = process.argv[2] ?? '{}';
const app = Fastify({ logger: false });
app.get('/bare', async (_req, reply) => reply.type('application/json').send(payload));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
