import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/** Work done for every answer at one stage: it returns nothing and never waits. */
export type AnswerPart = (req: FastifyRequest, reply: FastifyReply) => void;
type Stage = 'onRequest' | 'onResponse';
type Hook = (req: FastifyRequest, reply: FastifyReply, done: () => void) => void;
type Maker = (route: RouteOptions | null) => AnswerPart;

const STAGES: Stage[] = ['onRequest', 'onResponse'];
const makersOf = new WeakMap<FastifyInstance, Record<Stage, Maker[]>>();

/**
 * A part made for each route as it is registered, which knows that route's pattern and options: no request reads
 * `req.routeOptions`, which Fastify builds anew, with a constraint lookup, at every read (issue 33, decision 1195).
 * `make(route)` gives a route's part; `make(null)` the part of a request no route answers (a 404).
 *
 * Every part of a stage runs in one Fastify hook, in the order they were given (decision 1198): a route has one hook of
 * its own at each stage, first among its own hooks, and the app one global hook a stage, which does something for a
 * 404 only. Register the parts before any route: a route registered earlier has none.
 */
export function hookEveryRoute(app: FastifyInstance, stage: Stage, make: Maker): void {
  let makers = makersOf.get(app);
  if (!makers) {
    makers = { onRequest: [], onResponse: [] };
    makersOf.set(app, makers);
    installHooks(app, makers);
  }
  makers[stage].push(make);
}

function installHooks(app: FastifyInstance, makers: Record<Stage, Maker[]>): void {
  app.addHook('onRoute', (route) => {
    for (const stage of STAGES) {
      if (makers[stage].length === 0) continue;
      const hook = hookOf(makers[stage].map((make) => make(route)));
      const own = route[stage];
      route[stage] = own ? [hook, ...(Array.isArray(own) ? own : [own])] : hook;
    }
  });
  // Made at the first 404, when every part is known.
  const notFound: Partial<Record<Stage, Hook>> = {};
  const onlyNotFound =
    (stage: Stage): Hook =>
    (req, reply, done) => {
      if (!req.is404) return done();
      notFound[stage] ??= hookOf(makers[stage].map((make) => make(null)));
      notFound[stage](req, reply, done);
    };
  app.addHook('onRequest', onlyNotFound('onRequest'));
  app.addHook('onResponse', onlyNotFound('onResponse'));
}

/** One hook that runs the parts in turn: a plain callback, no promise per request. */
function hookOf(parts: AnswerPart[]): Hook {
  if (parts.length === 1) {
    const [part] = parts;
    return (req, reply, done) => {
      part(req, reply);
      done();
    };
  }
  return (req, reply, done) => {
    for (const part of parts) part(req, reply);
    done();
  };
}
