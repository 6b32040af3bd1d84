import Fastify, { type FastifyInstance } from 'fastify';

/** The yardstick: a bare Fastify instance with one JSON route, on the same machine and the same Node. */
export async function startBareServer(port: number): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ isSuccessful: true, message: '', results: [{ hello: 'world' }], totalResults: 1, totalPages: 1 }));
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}
