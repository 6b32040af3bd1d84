import { createHook } from 'node:async_hooks';

/**
 * Every `process.nextTick` makes an object literal with three computed symbol keys (Node 22's task_queues.js), and
 * Node's HTTP server and streams make four ticks a request. V8 defines those keys fast by the object shapes ("maps")
 * its inline caches remember, and those caches hold the shapes weakly: when a garbage collection finds no tick object
 * alive (after an idle moment, which a server has at start), the shapes are collected, the next ticks get new ones,
 * and the literal's caches turn megamorphic for the life of the process. From then on each key is defined by a call
 * into V8's runtime: 36 calls and about 47,000 instructions a request, more than a bare Fastify route's whole answer
 * costs without them. Whether it happens depends on when the collector ran, so one process of a build answered at one
 * cost and the next at a third more (decision 1199, issue 33).
 *
 * Imported first by the server's entry (server.ts): the process keeps its first tick object for its whole life, and
 * with it the chain of shapes every later tick object is made by. The async hook that catches it is turned off on the
 * next tick, so no call pays for it afterwards.
 */
const kept: object[] = [];
const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === 'TickObject' && kept.length === 0) kept.push(resource);
  },
}).enable();
process.nextTick(() => hook.disable());

/** The tick object the process keeps (for the test that checks later ticks are made by its shape). */
export function keptTickObject(): object | undefined {
  return kept[0];
}
