import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hookEveryRoute } from './route-hooks';

const hooksOf = (route: RouteOptions, stage: 'onRequest' | 'onResponse') => {
  const hooks = route[stage];
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
};

describe('the parts of every answer (lib/route-hooks.ts, decision 1198)', () => {
  it('runs every part of a stage in one hook of the route, in order, once a request, before its own hooks', async () => {
    const app = Fastify();
    const ran: string[] = [];
    const part = (name: string) => (route: RouteOptions | null) => () => {
      ran.push(`${name} ${route?.url ?? '404'}`);
    };
    hookEveryRoute(app, 'onRequest', part('id'));
    hookEveryRoute(app, 'onResponse', part('log'));
    hookEveryRoute(app, 'onRequest', part('headers'));
    hookEveryRoute(app, 'onResponse', part('metrics'));
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    const own = (_req: unknown, _reply: unknown, done: () => void) => {
      ran.push('own');
      done();
    };
    app.get('/a', { onRequest: own }, async () => ({ ok: true }));
    await app.ready();

    // GET and the HEAD Fastify adds: one hook of ours a stage each, first.
    expect(routes.map((r) => [r.method, hooksOf(r, 'onRequest').length, hooksOf(r, 'onResponse').length])).toEqual([
      ['GET', 2, 1],
      ['HEAD', 2, 1],
    ]);
    await app.inject({ url: '/a' });
    expect(ran).toEqual(['id /a', 'headers /a', 'own', 'log /a', 'metrics /a']);
    ran.length = 0;
    await app.inject({ method: 'HEAD', url: '/a' });
    expect(ran).toEqual(['id /a', 'headers /a', 'own', 'log /a', 'metrics /a']);
    ran.length = 0;
    // A request no route answers gets the 404 parts, once.
    expect((await app.inject({ url: '/nothing' })).statusCode).toBe(404);
    expect(ran).toEqual(['id 404', 'headers 404', 'log 404', 'metrics 404']);
    await app.close();
  });

  it("answers a part's error as any hook's, and runs no part of the route for it", async () => {
    const app = Fastify();
    const ran: string[] = [];
    hookEveryRoute(app, 'onRequest', () => () => {
      throw Object.assign(new Error('refused'), { statusCode: 403 });
    });
    hookEveryRoute(app, 'onRequest', () => () => ran.push('second'));
    app.get('/a', async () => ({ ok: true }));
    const res = await app.inject({ url: '/a' });
    expect(res.statusCode).toBe(403);
    expect(ran).toEqual([]);
    await app.close();
  });
});
