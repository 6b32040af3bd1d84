import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/index';
import { requestLineWriter } from './request-line';

describe('request ids (issue 18 §3)', () => {
  let db: Db;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: Array<Record<string, unknown>> = [];
  let children = 0;
  beforeAll(async () => {
    db = await openTestDb();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({
      ...process.env,
      PORT: '3999',
      PUBLIC_URL: 'http://127.0.0.1:3999',
      DATABASE_URL: '',
      JOBS: 'off',
      INSTANCE_NAME: 'portico-2',
    });
    app = await buildApp({ config, db, serveWeb: false, logger: { level: 'info', stream, onChild: () => children++ } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const logOf = (id: string) => lines.filter((l) => l.reqId === id);

  it('answers a new id in x-request-id and carries it on every log line of the request', async () => {
    const a = await app.inject({ url: '/healthz' });
    const b = await app.inject({ url: '/api/app/Members/AuthMemberDto' });
    const [idA, idB] = [String(a.headers['x-request-id']), String(b.headers['x-request-id'])];
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).not.toBe(idA);
    expect(b.statusCode).toBe(401);
    // One line per request (issue 33), with the request and the status (and the refusal before it): each names it.
    expect(logOf(idB).filter((l) => l.msg === 'request completed')).toEqual([
      expect.objectContaining({ req: expect.objectContaining({ method: 'GET' }), res: { statusCode: 401 } }),
    ]);
    expect(logOf(idA).map((l) => l.msg)).toEqual(['request completed']);
    expect(lines.filter((l) => l.req || l.res).every((l) => typeof l.reqId === 'string' && l.reqId.length > 0)).toBe(true);
  });

  it("makes no request's own logger for requests that write nothing through it (decisions 1183 and 1196)", async () => {
    const before = children;
    const urls = ['/healthz', '/api/app/Members/AuthMemberDto', '/no-such-path', '/api/app/Members/AuthMemberDto?x=%00'];
    const statuses = [];
    for (const url of urls) statuses.push((await app.inject({ url })).statusCode);
    expect(statuses).toEqual([200, 401, 404, 400]);
    // Each request's line went through the app's logger, with its id: no pino child was made for any of them.
    expect(lines.filter((l) => l.msg === 'request completed').length).toBeGreaterThanOrEqual(urls.length);
    expect(children).toBe(before);
    // The app's logger is one the request line is written for without pino's walk of the object (decision 1197).
    expect(requestLineWriter(app.log)).not.toBeNull();
  });

  it('names the instance that answered, as set by INSTANCE_NAME', async () => {
    for (const url of ['/healthz', '/api/app/Members/AuthMemberDto', '/no-such-path'])
      expect((await app.inject({ url })).headers['x-portico-instance'], url).toBe('portico-2');
    expect(() => loadConfig({ ...process.env, INSTANCE_NAME: 'a b' })).toThrow(/INSTANCE_NAME/);
  });

  it("keeps a proxy's plain request id and replaces one that is not", async () => {
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    expect(logOf('lb-7f3a.42').length).toBe(1);
    const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id {"forged":true}' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
