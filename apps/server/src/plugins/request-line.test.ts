import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pino, { type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { logSerializers } from '../lib/log-redaction';
import { requestLineWriter } from './request-line';

/** A pino logger as Fastify makes the app's (its default serialisers under the app's), whose raw lines are kept. */
function logger(options: LoggerOptions = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = pino(
    { level: 'info', ...options, serializers: { err: pino.stdSerializers.err, ...logSerializers, ...options.serializers } },
    stream,
  );
  return { log: log as unknown as FastifyBaseLogger, lines };
}

const request = (over: Partial<Record<string, unknown>>) =>
  ({
    id: 'b7d4c4c0-5f7e-4a53-9d0e-0d1c2b3a4f5e',
    method: 'GET',
    url: '/api/app/Members/AuthMemberDto',
    originalUrl: '/api/app/Members/AuthMemberDto',
    host: '127.0.0.1:3500',
    ip: '127.0.0.1',
    socket: { remotePort: 51234 },
    ...over,
  }) as unknown as FastifyRequest;
const reply = (statusCode: number, elapsedTime: number) => ({ statusCode, elapsedTime }) as unknown as FastifyReply;

/** The same line from pino and from the writer: every field alike, the time apart. */
function bothLines(req: FastifyRequest, res: FastifyReply) {
  const { log, lines } = logger();
  log.info({ reqId: req.id, req, res, responseTime: res.elapsedTime }, 'request completed');
  requestLineWriter(log)?.(req, res);
  expect(lines).toHaveLength(2);
  const [byPino, byWriter] = lines.map((line) => line.replace(/"time":\d+/, '"time":0'));
  return { byPino, byWriter };
}

describe("each request's line written without pino's walk of the object (decision 1197)", () => {
  it('writes the very line pino writes, byte for byte but the time', () => {
    const cases = [
      bothLines(request({}), reply(200, 1.2345)),
      // The provider's paths lose their query, the reset link its token (lib/log-redaction.ts).
      bothLines(request({ url: '/auth?code=x', originalUrl: '/oidc/auth?code=secret' }), reply(302, 0.5)),
      bothLines(request({ url: '/password-reset/abc', originalUrl: '/password-reset/abc' }), reply(200, 3)),
      // Characters JSON must escape, in the path and the host; no port (an injected request); an IPv6 caller.
      bothLines(request({ originalUrl: '/a"b\\c/é\u0001?q=\u2028', host: 'x"y', ip: '::1', socket: undefined }), reply(404, 0)),
      // A caller's own plain request id, and a time that is no number.
      bothLines(request({ id: 'lb-1234.5:6' }), reply(500, Number.NaN)),
    ];
    for (const { byPino, byWriter } of cases) expect(byWriter).toBe(byPino);
    expect(JSON.parse(cases[1].byWriter).req.url).toBe('/oidc/auth?[redacted]');
    expect(JSON.parse(cases[3].byWriter)).toMatchObject({ res: { statusCode: 404 }, req: { host: 'x"y', remoteAddress: '::1' } });
    expect(JSON.parse(cases[3].byWriter).req).not.toHaveProperty('remotePort');
  });

  it("carries the logger's bindings as pino does, also when they change", () => {
    const { log, lines } = logger({ base: { instance: 'portico-2' } });
    const write = requestLineWriter(log);
    write?.(request({}), reply(200, 1));
    (log as unknown as { setBindings(b: object): void }).setBindings({ zone: 'east' });
    write?.(request({}), reply(200, 1));
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: 30, instance: 'portico-2', msg: 'request completed' }),
      expect.objectContaining({ instance: 'portico-2', zone: 'east' }),
    ]);
  });

  it('leaves the line to pino when the logger does anything the writer would not', () => {
    const others: LoggerOptions[] = [
      { mixin: () => ({ extra: 1 }) },
      { formatters: { log: (object) => ({ ...object, shaped: true }) } },
      { hooks: { streamWrite: (line) => line } },
      { messageKey: 'message' },
      { serializers: { req: (req: FastifyRequest) => ({ method: req.method }) } },
      { serializers: { reqId: (id: string) => id.slice(0, 4) } },
    ];
    for (const options of others) expect(requestLineWriter(logger(options).log)).toBeNull();
    // Fastify's silent logger when logging is off.
    expect(requestLineWriter({ info() {}, child() {} } as unknown as FastifyBaseLogger)).toBeNull();
    expect(requestLineWriter(logger().log)).not.toBeNull();
  });
});
