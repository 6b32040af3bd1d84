import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/** A hook of every answer: at the request's start (`onRequest`) or when its answer is sent (`onResponse`). */
export type AnswerHook = (req: FastifyRequest, reply: FastifyReply, done: () => void) => void;

/**
 * A hook made for each route as it is registered, which knows that route's pattern and options: no request reads
 * `req.routeOptions`, which Fastify builds anew, with a constraint lookup, at every read (issue 33, decision 1195).
 * `make(route)` gives a route's hook, run first among the route's own hooks of that stage, after the global ones;
 * `make(null)` gives the hook of a request no route answers (a 404), run by a global hook on those only.
 *
 * Register it before any route: a route registered earlier has no hook of its own.
 */
export function hookEveryRoute(
  app: FastifyInstance,
  stage: 'onRequest' | 'onResponse',
  make: (route: RouteOptions | null) => AnswerHook,
): void {
  app.addHook('onRoute', (route) => {
    const hook = make(route);
    const own = route[stage];
    route[stage] = own ? [hook, ...(Array.isArray(own) ? own : [own])] : hook;
  });
  const notFound = make(null);
  const onlyNotFound: AnswerHook = (req, reply, done) => (req.is404 ? notFound(req, reply, done) : done());
  if (stage === 'onRequest') app.addHook('onRequest', onlyNotFound);
  else app.addHook('onResponse', onlyNotFound);
}
