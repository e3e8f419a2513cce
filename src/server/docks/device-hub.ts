import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { LOCK_HEARTBEAT_SECONDS, LOCK_OFFLINE_AFTER_SECONDS } from '../../domain/docks.js';
import {
  DEVICE_CLOSE_REPLACED,
  DEVICE_CLOSE_UNAUTHORISED,
  type DeviceFrame,
  deviceFrameSchema,
  type ServerToDeviceFrame,
} from '../../domain/lock-device.js';
import type { LockInput } from '../../domain/lock-machine.js';
import type { AppContext } from '../context.js';
import { locks } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { mailDockAlarm } from './alarms-mail.js';
import { hashLockSecret, lockSecretMatches } from './lock-secret.js';
import { applyToLock, type LockCommandNotice } from './lock-service.js';

// The locks' devices (issue 16): GET /api/devices/locks/live. A device's first frame is `hello` with its lock id and
// secret (checked against lock.secret_hash in constant time); afterwards its socket speaks only for that lock, and a
// second hello naming another lock closes it. Each instance keeps the sockets connected to it by lock; a command
// written on any instance reaches the one holding the socket through LOCK_COMMANDS_CHANNEL (listener.ts). A socket
// silent past LOCK_OFFLINE_AFTER_SECONDS is closed here (the deadline timer marks the lock offline meanwhile).

const HELLO_TIMEOUT_MS = 10_000;
const SILENCE_CHECK_MS = 5_000;
/** Compared against when the lock id is unknown, so that an unknown lock takes as long as a wrong secret. */
const NO_SECRET_HASH = hashLockSecret('no lock has this secret');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Device {
  socket: WebSocket;
  lockId: string;
  connectionId: string;
  lastHeard: number;
  queue: Promise<unknown>;
}

export class DeviceHub {
  private readonly byLock = new Map<string, Device>();
  private readonly sockets = new Set<WebSocket>();
  private checker: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(private readonly ctx: AppContext) {}

  /** How many devices are connected here (tests). */
  get size(): number {
    return this.byLock.size;
  }

  start(): void {
    this.checker ??= setInterval(() => this.closeSilent(), SILENCE_CHECK_MS);
    this.checker.unref();
  }

  /** Closes every socket (shutdown), marking their locks disconnected before the database goes. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.checker) clearInterval(this.checker);
    this.checker = null;
    const devices = [...this.byLock.values()];
    this.byLock.clear();
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
    await Promise.all(devices.map((device) => this.apply(device, { type: 'disconnected' })));
  }

  attach(socket: WebSocket): void {
    this.sockets.add(socket);
    let device: Device | null = null;
    let authenticating = false;
    const helloTimer = setTimeout(() => socket.close(DEVICE_CLOSE_UNAUTHORISED, 'hello required'), HELLO_TIMEOUT_MS);
    helloTimer.unref();
    socket.on('message', (data, isBinary) => {
      const frame = isBinary ? null : parseFrame(data.toString());
      if (!device) {
        if (frame?.type !== 'hello' || authenticating) return socket.close(DEVICE_CLOSE_UNAUTHORISED, 'hello required');
        authenticating = true;
        void this.authenticate(frame).then(
          async (ok) => {
            if (!ok) return socket.close(DEVICE_CLOSE_UNAUTHORISED, 'invalid_credentials');
            if (socket.readyState !== socket.OPEN) return;
            clearTimeout(helloTimer);
            const connected: Device = {
              socket,
              lockId: frame.lock_id,
              connectionId: randomUUID(),
              lastHeard: Date.now(),
              queue: Promise.resolve(),
            };
            device = connected;
            const previous = this.byLock.get(frame.lock_id);
            this.byLock.set(frame.lock_id, connected);
            await this.apply(connected, { type: 'hello', state: frame.state });
            if (previous && previous.socket !== socket) previous.socket.close(DEVICE_CLOSE_REPLACED, 'replaced');
            send(socket, { type: 'welcome', lock_id: frame.lock_id, heartbeat_seconds: LOCK_HEARTBEAT_SECONDS });
          },
          (err) => {
            this.ctx.log.warn({ err }, 'lock device authentication failed');
            socket.close(1011, 'server error');
          },
        );
        return;
      }
      const current = device;
      current.lastHeard = Date.now();
      if (!frame) return;
      const input = inputOf(frame);
      // A socket speaks for its own lock only: a hello naming another one ends it.
      if (frame.type === 'hello' && frame.lock_id !== current.lockId)
        return socket.close(DEVICE_CLOSE_UNAUTHORISED, 'one lock per connection');
      if (input) void this.apply(current, input);
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      this.sockets.delete(socket);
      const gone = device;
      if (!gone || this.stopping) return;
      if (this.byLock.get(gone.lockId) === gone) this.byLock.delete(gone.lockId);
      void this.apply(gone, { type: 'disconnected' });
    });
  }

  /** A command written on any instance: pushed when its lock's device is connected here. */
  push(notice: LockCommandNotice): void {
    const device = this.byLock.get(notice.lock_id);
    if (device) send(device.socket, { type: 'command', id: notice.command_id, kind: notice.kind });
  }

  /** The lock's secret changed or the lock was removed: its connection here ends (the device must say hello again). */
  revoke(lockId: string): void {
    const device = this.byLock.get(lockId);
    if (device) device.socket.close(DEVICE_CLOSE_UNAUTHORISED, 'revoked');
  }

  /** Waits until every frame received so far has been applied (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.byLock.values()].map((d) => d.queue));
  }

  private apply(device: Device, input: LockInput): Promise<unknown> {
    device.queue = device.queue
      .then(async () => {
        const applied = await applyToLock(this.ctx.db, device.lockId, input, { connectionId: device.connectionId });
        if (applied?.alarmId) await this.mailAlarm(applied.alarmId);
        // No longer the lock's connection (a newer one took over, or the lock went offline while silent, or is gone):
        // closed, so that a device still there says hello again.
        if (!applied && input.type !== 'disconnected' && device.socket.readyState === device.socket.OPEN)
          device.socket.close(DEVICE_CLOSE_REPLACED, 'connection no longer current');
      })
      .catch((err: unknown) => {
        if (!(err instanceof AppError)) this.ctx.log.warn({ err, lockId: device.lockId }, 'lock device frame failed');
      });
    return device.queue;
  }

  /** The owner's mail of a tamper alarm (alarms-mail.ts), written to the outbox once the alarm is stored. */
  private async mailAlarm(alarmId: string): Promise<void> {
    try {
      await this.ctx.db.transaction((tx) => mailDockAlarm(this.ctx, tx, alarmId));
      void this.ctx.mailer.flush();
    } catch (err) {
      this.ctx.log.warn({ err, alarmId }, 'dock alarm mail failed');
    }
  }

  private async authenticate(frame: Extract<DeviceFrame, { type: 'hello' }>): Promise<boolean> {
    const [row] = UUID.test(frame.lock_id)
      ? await this.ctx.db.select({ secretHash: locks.secretHash }).from(locks).where(eq(locks.id, frame.lock_id))
      : [];
    const matches = lockSecretMatches(row?.secretHash ?? NO_SECRET_HASH, frame.secret);
    return Boolean(row) && matches;
  }

  private closeSilent(): void {
    const limit = Date.now() - LOCK_OFFLINE_AFTER_SECONDS * 1000;
    for (const device of this.byLock.values()) if (device.lastHeard < limit) device.socket.terminate();
  }
}

function inputOf(frame: DeviceFrame): LockInput | null {
  switch (frame.type) {
    case 'hello':
      return { type: 'hello', state: frame.state };
    case 'state':
      return { type: 'state', seq: frame.seq, state: frame.state };
    case 'ack':
      return { type: 'ack', commandId: frame.command_id };
    case 'result':
      return { type: 'result', commandId: frame.command_id, ok: frame.ok, ...(frame.error ? { error: frame.error } : {}) };
    case 'heartbeat':
      return { type: 'heartbeat', seq: frame.seq };
    case 'alarm':
      return { type: 'tamper' };
  }
}

function send(socket: WebSocket, frame: ServerToDeviceFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

function parseFrame(text: string): DeviceFrame | null {
  try {
    const parsed = deviceFrameSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's lock device sockets (app.ts). */
    lockDevices: DeviceHub;
  }
}
