import Fastify from 'fastify';

/**
 * The yardstick's process (bench/lib/bare.ts spawns it): a bare Fastify instance with one JSON route, no logger, on
 * the port given, in a process of its own, so that it shares no event loop or heap with the apps measured beside it.
 */
const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ isSuccessful: true, message: '', results: [{ hello: 'world' }], totalResults: 1, totalPages: 1 }));

/**
 * The answer's own floor (issue 33): `/shaped` answers a body and headers the pipeline section gives it (`POST
 * /shape`: a Portico answer's, as it came), with nothing else done. What it reaches of `/bare` is the most any
 * pipeline could with that answer: its size and headers cost the HTTP server and the client as much as they cost
 * Portico.
 */
let shaped: { body: string; headers: Record<string, string> } = { body: '{}', headers: {} };
app.post('/shape', async (req) => {
  shaped = req.body as typeof shaped;
  return { shaped: true };
});
app.get('/shaped', async (_req, reply) => reply.headers(shaped.headers).send(shaped.body));
await app.listen({ port, host: '127.0.0.1' });
process.send?.('listening');
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
