import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { LOG_BUFFER_BYTES, lazyRequestLogger, logDestination, makeRequestLoggersLazy } from './request-log';

/** A real pino logger at `level` whose lines are kept, and a count of the children made from it. */
function logger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let children = 0;
  const root = pino(
    {
      level,
      onChild: () => {
        children++;
      },
    },
    stream,
  );
  return { root: root as unknown as FastifyBaseLogger, lines, children: () => children };
}

describe("a request's logger, made when it first writes (decision 1183)", () => {
  it('makes no child for a line below the level, and writes nothing', () => {
    const { root, lines, children } = logger('warn');
    const log = lazyRequestLogger(root, { reqId: 'r-1' }, {}, root.child);
    log.info({ a: 1 }, 'not at warn');
    log.debug('nor this');
    expect(lines).toEqual([]);
    expect(children()).toBe(0);
    expect(log.level).toBe('warn');
  });

  it("writes a line at the level with the request's bindings, through one child", () => {
    const { root, lines, children } = logger('warn');
    const log = lazyRequestLogger(root, { reqId: 'r-2' }, {}, root.child);
    log.warn({ reason: 'refused' }, 'first');
    log.error(new Error('boom'), 'second');
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'r-2', reason: 'refused', msg: 'first', level: 40 }),
      expect.objectContaining({ reqId: 'r-2', msg: 'second', level: 50, err: expect.objectContaining({ message: 'boom' }) }),
    ]);
    expect(children()).toBe(1);
  });

  it('gives a child of its own the bindings of both, and a level set on it to the request alone', () => {
    const { root, lines } = logger('info');
    const log = lazyRequestLogger(root, { reqId: 'r-3' }, {}, root.child);
    log.child({ step: 'token' }).info('checked');
    log.level = 'error';
    log.warn('quiet now');
    root.warn('the app still logs');
    expect(lines.map((l) => [l.reqId, l.step, l.msg])).toEqual([
      ['r-3', 'token', 'checked'],
      [undefined, undefined, 'the app still logs'],
    ]);
  });

  it("makes the child at once for a route's own level", () => {
    const { root, lines, children } = logger('info');
    const log = lazyRequestLogger(root, { reqId: 'r-4' }, { level: 'error' }, root.child);
    expect(children()).toBe(1);
    log.warn('below the route level');
    expect(lines).toEqual([]);
  });
});

describe("the app's logger making its children lazily (decision 1196)", () => {
  it("gives Fastify's own child() a lazy logger, and pino's child only at a line at the level", () => {
    const { root, lines, children } = logger('warn');
    makeRequestLoggersLazy(root);
    // What Fastify's default factory calls for a request: the logger's child with the request id and no options.
    const log = root.child({ reqId: 'r-5' }, {});
    log.info('below the level');
    expect(children()).toBe(0);
    log.warn({ reason: 'refused' }, 'at the level');
    expect(children()).toBe(1);
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r-5', reason: 'refused', msg: 'at the level', level: 40 })]);
  });

  it('keeps a child made from a real child lazy too, with the bindings of both', () => {
    const { root, lines, children } = logger('info');
    makeRequestLoggersLazy(root);
    const routeLog = root.child({ route: 'x' }, { level: 'info' });
    expect(children()).toBe(1);
    const log = routeLog.child({ reqId: 'r-6' });
    expect(children()).toBe(1);
    log.info('written');
    expect(children()).toBe(2);
    expect(lines).toEqual([expect.objectContaining({ route: 'x', reqId: 'r-6', msg: 'written' })]);
  });

  it("makes pino's child at once when options are given, with them applied", () => {
    const { root, lines, children } = logger('info');
    makeRequestLoggersLazy(root);
    const log = root.child({ reqId: 'r-7' }, { level: 'error' });
    expect(children()).toBe(1);
    log.warn('below the child level');
    log.error('at it');
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([['r-7', 'at it']]);
  });
});

describe('the log destination of `npm start` (decision 1199)', () => {
  it("gathers lines before a write, and writes a quiet instance's line without waiting for more or for a close", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-log-'));
    const file = join(dir, 'out.log');
    const destination = logDestination(file);
    try {
      expect((destination as unknown as { minLength: number }).minLength).toBe(LOG_BUFFER_BYTES);
      const log = pino({ level: 'info' }, destination);
      log.info('a quiet line');
      // Far under the buffer's size: only the periodic flush writes it.
      await vi.waitFor(() => expect(readFileSync(file, 'utf8')).toContain('a quiet line'), { timeout: 10_000, interval: 20 });
      for (let i = 0; i < 500; i++) log.info({ i }, 'a busy line');
      destination.flushSync();
      const busy = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.includes('a busy line'));
      expect(busy).toHaveLength(500);
    } finally {
      destination.end();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
