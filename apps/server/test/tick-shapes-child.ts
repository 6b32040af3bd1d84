/**
 * The child process of lib/tick-shapes.test.ts, run with --allow-natives-syntax and --expose-gc: ticks, an idle
 * moment and full collections, then one more tick; prints whether that tick's object was made by the shape of the tick
 * object the process keeps.
 */
import { createHook } from 'node:async_hooks';
import { keptTickObject } from '../src/lib/tick-shapes';

// V8's own test helper, compiled at run time so that TypeScript never sees the % syntax.
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with --expose-gc');
const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The object of the next tick, caught the way tick-shapes.ts catches its own. */
function nextTickObject(): object {
  let caught: object | undefined;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && !caught) caught = resource;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
  if (!caught) throw new Error('no tick object was made');
  return caught;
}

await idle(0);
for (let i = 0; i < 20_000; i++) process.nextTick(() => {});
await idle(20);
// No tick object is alive now but the kept one: the collections would take the shapes with the last of them.
collect();
collect();
collect();
await idle(20);
const kept = keptTickObject();
const later = nextTickObject();
console.log(
  JSON.stringify({
    keys: kept ? Reflect.ownKeys(kept).map(String) : [],
    sameShape: kept ? sameShape(kept, later) : false,
  }),
);
