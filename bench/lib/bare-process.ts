import Fastify from 'fastify';

/**
 * The yardstick's process (bench/lib/bare.ts spawns it): a bare Fastify instance with one JSON route, no logger, on
 * the port given, in a process of its own, so that it shares no event loop or heap with the apps measured beside it.
 */
const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ isSuccessful: true, message: '', results: [{ hello: 'world' }], totalResults: 1, totalPages: 1 }));
await app.listen({ port, host: '127.0.0.1' });
process.send?.('listening');
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
