/**
 * The baseline for `npm run bench -- api`: a bare Fastify app, no plugins, no logger.
 * GET /bare answers a small JSON envelope. GET /payload is a bare JSON route answering the document in the file named
 * by BARE_PAYLOAD_FILE (the real call's response) the way a plain Fastify handler does: it returns the object and
 * Fastify serialises it. That is the budget's yardstick: same document, no token, no permissions, no hooks.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const payloadFile = process.env.BARE_PAYLOAD_FILE;
const document = JSON.parse(payloadFile ? readFileSync(payloadFile, 'utf8') : '{}') as { result?: unknown };

const app = Fastify({ logger: false });
app.get('/bare', async () => ({
  success: true,
  message: '',
  code: 200,
  result: { hello: 'world' },
  timestamp: Date.now(),
}));
app.get('/payload', async () => ({
  success: true,
  message: '',
  code: 200,
  result: document.result ?? null,
  timestamp: Date.now(),
}));

await app.listen({ port, host: '127.0.0.1' });
const stop = (): void => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
