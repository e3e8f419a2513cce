import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './request-logger.js';

/** A pino logger writing its lines into an array, and counting the children it builds. */
function recordingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  // Fastify's own pino, as the app builds it.
  const logger: FastifyBaseLogger = Fastify({ logger: { level, stream, redact: { paths: ['cpr', '*.cpr'], censor: '[redacted]' } } }).log;
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => {
    children += 1;
    return child(...args);
  }) as typeof logger.child;
  return { logger, lines, children: () => children };
}

describe('lazyRequestLogger', () => {
  it('builds no child for lines below the level, and writes enabled lines with the request binding', () => {
    const { logger, lines, children } = recordingLogger('warn');
    const log = lazyRequestLogger(logger, { reqId: 'r-1' }, {});
    log.info({ x: 1 }, 'not written');
    log.debug('not written');
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
    log.error({ cpr: '0101011234' }, 'written');
    log.warn('again');
    expect(children()).toBe(1);
    expect(lines.map((l) => [l.reqId, l.msg, l.cpr])).toEqual([
      ['r-1', 'written', '[redacted]'],
      ['r-1', 'again', undefined],
    ]);
    expect(log.level).toBe('warn');
  });

  it("gives a request's lines its request ID in a Fastify app, and builds nothing for a quiet request", async () => {
    const { logger, lines, children } = recordingLogger('warn');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger, genReqId: () => 'req-7' });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/loud', async (request) => {
      request.log.warn('something to say');
      return { ok: true };
    });
    await app.ready();
    const atStart = children();
    await app.inject({ url: '/quiet' });
    expect(children()).toBe(atStart);
    await app.inject({ url: '/loud' });
    expect(lines.filter((l) => l.msg === 'something to say').map((l) => l.reqId)).toEqual(['req-7']);
    await app.close();
  });
});
