import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { LiveServerFrame } from '../../domain/chats';
import { backoffDelay, CLOSE_UNAUTHORISED, connectLive, type LiveConnection, liveUrl, type SocketLike } from './live';

// The live channel's client against a real WebSocket server (the ws package standing in for the API's
// /api/chats/live): it authenticates first, hands frames on, comes back after a lost connection, and
// gives up on a refused token.

interface Server {
  url: string;
  wss: WebSocketServer;
  /** Every client frame received, parsed. */
  received: unknown[];
  close(): Promise<void>;
}

async function startServer(onAuth: (socket: WebSocket, token: string) => void): Promise<Server> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const received: unknown[] = [];
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; token?: string };
      received.push(frame);
      if (frame.type === 'auth') onAuth(socket, frame.token ?? '');
    });
  });
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    wss,
    received,
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

const createSocket = (url: string) => new WebSocket(url) as unknown as SocketLike;

function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('timed out'));
      else setTimeout(tick, 10);
    };
    tick();
  });
}

let connection: LiveConnection | null = null;
let server: Server | null = null;
afterEach(async () => {
  connection?.close();
  connection = null;
  await server?.close();
  server = null;
});

describe('the live chat connection', () => {
  it('authenticates with the token first, then hands each frame on', async () => {
    server = await startServer((socket, token) => {
      if (token !== 'good-token') return socket.close(CLOSE_UNAUTHORISED);
      socket.send(JSON.stringify({ type: 'ready' }));
      socket.send(JSON.stringify({ type: 'unread', unread: { chats: 1, messages: 2 } }));
      socket.send('not json');
    });
    const frames: LiveServerFrame[] = [];
    const ready: boolean[] = [];
    connection = connectLive({
      token: 'good-token',
      url: server.url,
      createSocket,
      onFrame: (f) => frames.push(f),
      onReady: (again) => ready.push(again),
    });
    await waitFor(() => frames.length === 1);
    expect(server.received[0]).toEqual({ type: 'auth', token: 'good-token' });
    expect(ready).toEqual([false]);
    expect(frames).toEqual([{ type: 'unread', unread: { chats: 1, messages: 2 } }]);
  });

  it('comes back after the connection is lost, and says so', async () => {
    let connections = 0;
    server = await startServer((socket) => {
      connections += 1;
      socket.send(JSON.stringify({ type: 'ready' }));
      // The first connection dies abruptly, as when a server instance restarts.
      if (connections === 1) setTimeout(() => socket.terminate(), 20);
    });
    const ready: boolean[] = [];
    connection = connectLive({ token: 't', url: server.url, createSocket, onFrame: () => {}, onReady: (again) => ready.push(again) });
    await waitFor(() => ready.length === 2);
    expect(ready).toEqual([false, true]);
    expect(server.received.filter((f) => (f as { type: string }).type === 'auth')).toHaveLength(2);
  });

  it('stops on a refused token, and after close()', async () => {
    let attempts = 0;
    server = await startServer((socket) => {
      attempts += 1;
      socket.close(CLOSE_UNAUTHORISED);
    });
    let refused = 0;
    connection = connectLive({ token: 'expired', url: server.url, createSocket, onFrame: () => {}, onUnauthorised: () => refused++ });
    await waitFor(() => refused === 1);
    // Longer than the first pause before a retry: no second attempt comes.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(attempts).toBe(1);
  });

  it('closed before the connection is established, waits for it and then closes it cleanly, without authenticating', async () => {
    // A browser warns "WebSocket is closed before the connection is established" when a socket still
    // connecting is closed (React's StrictMode and a new token do that at once); ws emits an error instead.
    const closedWhileConnecting: number[] = [];
    const errors: unknown[] = [];
    server = await startServer((socket) => socket.send(JSON.stringify({ type: 'ready' })));
    let closedByClient: number | null = null;
    server.wss.on('connection', (socket) =>
      socket.on('close', (code) => {
        closedByClient = code;
      }),
    );
    const frames: LiveServerFrame[] = [];
    connection = connectLive({
      token: 't',
      url: server.url,
      createSocket: (url) => {
        const socket = new WebSocket(url);
        socket.on('error', (error) => errors.push(error));
        const close = socket.close.bind(socket);
        socket.close = (code?: number) => {
          if (socket.readyState === WebSocket.CONNECTING) closedWhileConnecting.push(code ?? 0);
          close(code);
        };
        return socket as unknown as SocketLike;
      },
      onFrame: (f) => frames.push(f),
    });
    connection.close();
    connection = null;
    await waitFor(() => closedWhileConnecting.length > 0 || closedByClient !== null);
    expect(closedWhileConnecting).toEqual([]);
    expect(closedByClient).toBe(1000);
    expect(errors).toEqual([]);
    expect(server.received).toEqual([]);
    expect(frames).toEqual([]);
  });

  it('waits longer after each failure, up to 30 seconds', () => {
    expect(backoffDelay(0, () => 1)).toBe(1_000);
    expect(backoffDelay(3, () => 1)).toBe(8_000);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
    expect(backoffDelay(0, () => 0)).toBe(800);
  });

  it('uses wss on https pages', () => {
    expect(liveUrl({ protocol: 'https:', host: 'cykel.example' })).toBe('wss://cykel.example/api/chats/live');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/chats/live');
  });
});
