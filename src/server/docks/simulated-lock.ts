import WebSocket from 'ws';
import { LOCK_HEARTBEAT_SECONDS, type LockCommandKind, type LockReportedState } from '../../domain/docks.js';
import type { DeviceFrame, ServerToDeviceFrame } from '../../domain/lock-device.js';

// The simulated lock (issue 16): behaves like a real one over GET /api/devices/locks/live — connects, says hello with
// its state, heartbeats, acknowledges a command, moves its bolt after a short delay and reports the new state, and
// reconnects with a growing pause when the connection goes. Controls make it misbehave the ways a real one does:
// fail a command, go silent (no heartbeats, no answers), go away, be tampered with. Used in-process by the API tests,
// and as a program by `npm run lock:simulate` (scripts/simulated-lock.ts) and the Playwright journeys.

export interface SimulatedLockOptions {
  /** The server's address: http(s)://host:port (the device path is added) or a ws(s):// URL of the device endpoint. */
  url: string;
  lockId: string;
  secret: string;
  /** The bolt's state at start (default open). */
  state?: LockReportedState;
  heartbeatMs?: number;
  /** How long the bolt takes to move. */
  moveMs?: number;
  /** Fail every command of this kind (or all) with a device error. */
  fail?: LockCommandKind | 'all' | null;
  /** Never answer commands and send no heartbeats (a hung lock that keeps its connection). */
  silent?: boolean;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  firmware?: string;
  /** Told of everything the lock does (the program prints it). */
  log?: (line: string) => void;
}

export interface SimulatedLock {
  /** The bolt's state now. */
  readonly state: LockReportedState;
  /** Whether the server welcomed it and the connection is open. */
  readonly connected: boolean;
  /** The frames the server sent (tests read them). */
  readonly received: ServerToDeviceFrame[];
  /** Resolves once the server has welcomed it (again, after a reconnect). */
  welcomed(): Promise<void>;
  /** Fails the next command (of that kind, or any) with a device error. */
  failNext(kind?: LockCommandKind): void;
  /** Sets or clears failing every command of a kind. */
  setFail(fail: LockCommandKind | 'all' | null): void;
  /** Stops heartbeats and answers, keeping the connection (true), or resumes (false). */
  setSilent(silent: boolean): void;
  /** Moves the bolt by hand (someone forced it), and reports it. */
  move(state: LockReportedState): void;
  /** Sends a tamper alarm. */
  tamper(): void;
  /** Sends a frame as is (tests: out-of-order reports, a hello naming another lock). */
  sendRaw(frame: DeviceFrame | Record<string, unknown>): void;
  /** The next sequence number it would use. */
  readonly seq: number;
  /** Drops the connection without a close handshake; it reconnects after its pause. */
  drop(): void;
  /** Closes and stays away. */
  stop(): Promise<void>;
}

export function deviceUrl(url: string): string {
  if (/^wss?:\/\//.test(url)) return url;
  return `${url.replace(/^http/, 'ws').replace(/\/$/, '')}/api/devices/locks/live`;
}

export function startSimulatedLock(options: SimulatedLockOptions): SimulatedLock {
  const heartbeatMs = options.heartbeatMs ?? LOCK_HEARTBEAT_SECONDS * 1000;
  const moveMs = options.moveMs ?? 300;
  const minPause = options.reconnectMinMs ?? 500;
  const maxPause = options.reconnectMaxMs ?? 10_000;
  const log = options.log ?? (() => {});
  let state: LockReportedState = options.state ?? 'open';
  let fail = options.fail ?? null;
  let failNext: LockCommandKind | 'any' | null = null;
  let silent = options.silent ?? false;
  let socket: WebSocket | null = null;
  let connected = false;
  let stopped = false;
  let seq = 0;
  let pause = minPause;
  let heartbeat: NodeJS.Timeout | null = null;
  let reconnect: NodeJS.Timeout | null = null;
  const moves = new Set<NodeJS.Timeout>();
  const received: ServerToDeviceFrame[] = [];
  let waiters: (() => void)[] = [];

  const send = (frame: DeviceFrame | Record<string, unknown>) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  };
  const report = () => {
    seq += 1;
    send({ type: 'state', seq, state });
    log(`state ${state}`);
  };

  const onCommand = (command: { id: string; kind: LockCommandKind }) => {
    if (silent) return;
    send({ type: 'ack', command_id: command.id });
    const failing = fail === 'all' || fail === command.kind || failNext === 'any' || failNext === command.kind;
    if (failNext === 'any' || failNext === command.kind) failNext = null;
    const timer = setTimeout(() => {
      moves.delete(timer);
      if (silent) return;
      if (failing) {
        send({ type: 'result', command_id: command.id, ok: false, error: 'bolt_jammed' });
        log(`${command.kind} failed`);
        return;
      }
      state = command.kind === 'lock' ? 'closed' : 'open';
      send({ type: 'result', command_id: command.id, ok: true });
      report();
    }, moveMs);
    moves.add(timer);
  };

  const connect = () => {
    if (stopped) return;
    const ws = new WebSocket(deviceUrl(options.url));
    socket = ws;
    ws.on('open', () => {
      seq = 0;
      ws.send(
        JSON.stringify({ type: 'hello', lock_id: options.lockId, secret: options.secret, firmware: options.firmware ?? 'sim-1', state }),
      );
    });
    ws.on('message', (data) => {
      let frame: ServerToDeviceFrame;
      try {
        frame = JSON.parse(data.toString()) as ServerToDeviceFrame;
      } catch {
        return;
      }
      received.push(frame);
      if (frame.type === 'welcome') {
        connected = true;
        pause = minPause;
        log('connected');
        if (heartbeat) clearInterval(heartbeat);
        heartbeat = setInterval(() => {
          if (silent) return;
          seq += 1;
          send({ type: 'heartbeat', seq });
        }, heartbeatMs);
        const wake = waiters;
        waiters = [];
        for (const w of wake) w();
      } else if (frame.type === 'command') {
        log(`command ${frame.kind}`);
        onCommand(frame);
      }
    });
    ws.on('error', () => {});
    ws.on('close', (code) => {
      if (socket === ws) socket = null;
      connected = false;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      if (stopped) return;
      log(`disconnected (${code}); reconnecting in ${pause} ms`);
      reconnect = setTimeout(() => {
        reconnect = null;
        connect();
      }, pause);
      pause = Math.min(pause * 2, maxPause);
    });
  };
  connect();

  return {
    get state() {
      return state;
    },
    get connected() {
      return connected;
    },
    get seq() {
      return seq + 1;
    },
    received,
    welcomed() {
      if (connected) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    failNext(kind) {
      failNext = kind ?? 'any';
    },
    setFail(value) {
      fail = value;
    },
    setSilent(value) {
      silent = value;
    },
    move(next) {
      state = next;
      report();
    },
    tamper() {
      send({ type: 'alarm', kind: 'tamper' });
      log('tamper');
    },
    sendRaw(frame) {
      send(frame);
    },
    drop() {
      socket?.terminate();
    },
    async stop() {
      stopped = true;
      if (heartbeat) clearInterval(heartbeat);
      if (reconnect) clearTimeout(reconnect);
      for (const timer of moves) clearTimeout(timer);
      const ws = socket;
      socket = null;
      connected = false;
      if (!ws || ws.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.close();
        setTimeout(() => {
          ws.terminate();
          resolve();
        }, 1000).unref();
      });
    },
  };
}
