import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { LiveServerFrame } from '../../domain/chats.js';

// A WebSocket client of GET /api/chats/live for the tests: it keeps every frame it got and waits
// for the one a test expects (no sleeps).

export interface LiveTestClient {
  socket: WebSocket;
  frames: LiveServerFrame[];
  /** Resolves with the first frame (from the start) matching `match` that was not taken before. */
  next<T extends LiveServerFrame['type']>(
    type: T,
    match?: (frame: Extract<LiveServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<LiveServerFrame, { type: T }>>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  send(frame: unknown): void;
}

/** The app's address after listening on a free port of 127.0.0.1. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

export async function connect(base: string): Promise<LiveTestClient> {
  const socket = new WebSocket(`${base}/api/chats/live`);
  const frames: LiveServerFrame[] = [];
  const taken = new Set<LiveServerFrame>();
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as LiveServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    closed,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(type, match = () => true, timeoutMs = 10_000) {
      type F = Extract<LiveServerFrame, { type: typeof type }>;
      const find = () => frames.find((f): f is F => f.type === type && !taken.has(f) && match(f as F));
      return new Promise<F>((resolve, reject) => {
        const check = () => {
          const frame = find();
          if (!frame) return false;
          taken.add(frame);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(frame);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
}

/** Connects and authenticates; resolves once the server said ready. */
export async function signedIn(base: string, token: string): Promise<LiveTestClient> {
  const client = await connect(base);
  client.send({ type: 'auth', token });
  await client.next('ready');
  return client;
}
