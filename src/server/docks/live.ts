import { and, eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { DOCK_LIVE_CLOSE_NOT_FOUND, DOCK_LIVE_CLOSE_UNAUTHORISED, type DockLiveServerFrame } from '../../domain/docks-live.js';
import type { AppContext } from '../context.js';
import { dockAlarms, lockCommands, locks } from '../db/schema.js';
import { callerOfToken } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import type { LockEventNotice } from './lock-service.js';
import { toCommandView } from './lock-service.js';
import { lockViews, usableDock, usableLock, type Viewer } from './views.js';

// The browsers' live channel of docks (issue 16): /app/docks/{dockId}/locks/{lockId}/websocket for one lock and
// GET /api/docks/{dockId}/live for a whole dock. The first frame authenticates with the session token (as chats'
// live.ts); the person must be able to use the dock (else 4404, nothing said). Every lock change on any instance comes
// through LOCK_EVENTS_CHANNEL (listener.ts); each socket watching that lock gets it as its person sees it, their own
// command's progress, and a tamper alarm of a lock holding their bike. Tokens and access are checked again every
// minute, and the socket ends with its token.

const AUTH_TIMEOUT_MS = 10_000;
const PING_INTERVAL_MS = 30_000;
const REVALIDATE_MS = 60_000;

interface Client {
  socket: WebSocket;
  token: string;
  viewer: Viewer;
  dockId: string;
  lockId: string | null;
  alive: boolean;
  expiry: NodeJS.Timeout | null;
}

export class DockLiveHub {
  private readonly clients = new Set<Client>();
  private readonly pending = new Set<WebSocket>();
  private queue: Promise<void> = Promise.resolve();
  private pinger: NodeJS.Timeout | null = null;
  private revalidator: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: AppContext) {}

  get size(): number {
    return this.clients.size;
  }

  start(): void {
    this.pinger ??= setInterval(() => this.ping(), PING_INTERVAL_MS);
    this.pinger.unref();
    this.revalidator ??= setInterval(() => void this.revalidate(), REVALIDATE_MS);
    this.revalidator.unref();
  }

  stop(): void {
    if (this.pinger) clearInterval(this.pinger);
    if (this.revalidator) clearInterval(this.revalidator);
    this.pinger = null;
    this.revalidator = null;
    for (const socket of this.pending) socket.terminate();
    for (const client of this.clients) this.drop(client, 1001);
  }

  /** A browser's socket for a dock (lockId null) or one lock of it. */
  attach(socket: WebSocket, dockId: string, lockId: string | null): void {
    this.pending.add(socket);
    let client: Client | null = null;
    const authTimer = setTimeout(() => socket.close(DOCK_LIVE_CLOSE_UNAUTHORISED, 'auth required'), AUTH_TIMEOUT_MS);
    authTimer.unref();
    socket.on('message', (data, isBinary) => {
      const frame = isBinary ? null : parseClientFrame(data.toString());
      if (frame?.type === 'ping') return send(socket, { type: 'pong' });
      if (frame?.type !== 'auth') {
        if (!client) socket.close(DOCK_LIVE_CLOSE_UNAUTHORISED, 'auth required');
        return;
      }
      void this.admit(frame.token, dockId, lockId).then(
        (viewer) => {
          if (socket.readyState !== socket.OPEN) return;
          if (viewer === 'unauthorised') return socket.close(DOCK_LIVE_CLOSE_UNAUTHORISED, 'invalid_token');
          if (viewer === 'not_found') return socket.close(DOCK_LIVE_CLOSE_NOT_FOUND, 'not_found');
          clearTimeout(authTimer);
          this.pending.delete(socket);
          if (client) this.unregister(client);
          client = { socket, token: frame.token, viewer, dockId, lockId, alive: true, expiry: null };
          this.register(client);
          send(socket, { type: 'ready' });
          const admitted = client;
          this.enqueue(() => this.sendLocks(admitted, lockId));
        },
        (err) => {
          this.ctx.log.warn({ err }, 'dock live authentication failed');
          socket.close(1011, 'server error');
        },
      );
    });
    socket.on('pong', () => {
      if (client) client.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      this.pending.delete(socket);
      if (client) this.unregister(client);
    });
  }

  /** A lock changed (on any instance): frames for the sockets here that watch it, in order. */
  deliver(notice: LockEventNotice): void {
    this.enqueue(() => this.handle(notice));
  }

  /** After the listener reconnected: every socket gets its locks afresh. */
  resync(): void {
    for (const client of this.clients) this.enqueue(() => this.sendLocks(client, client.lockId));
  }

  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((err: unknown) => this.ctx.log.warn({ err }, 'dock live delivery failed'));
  }

  private async admit(token: string, dockId: string, lockId: string | null): Promise<Viewer | 'unauthorised' | 'not_found'> {
    const caller = await callerOfToken({ db: this.ctx.db, jwtSecret: this.ctx.config.jwtSecret }, token);
    if (!caller) return 'unauthorised';
    try {
      if (lockId) await usableLock(this.ctx.db, caller.partyId, dockId, lockId);
      else await usableDock(this.ctx.db, caller.partyId, dockId);
    } catch (err) {
      if (err instanceof AppError) return 'not_found';
      throw err;
    }
    return { partyId: caller.partyId, language: caller.language };
  }

  private async handle(notice: LockEventNotice): Promise<void> {
    const watching = [...this.clients].filter((c) => c.dockId === notice.dock_id && (c.lockId === null || c.lockId === notice.lock_id));
    if (watching.length === 0) return;
    const [lock] = await this.ctx.db.select().from(locks).where(eq(locks.id, notice.lock_id));
    if (!lock) return;
    const command = notice.command_id
      ? (await this.ctx.db.select().from(lockCommands).where(eq(lockCommands.id, notice.command_id)))[0]
      : undefined;
    const alarm = notice.alarm_id
      ? (
          await this.ctx.db
            .select()
            .from(dockAlarms)
            .where(and(eq(dockAlarms.id, notice.alarm_id)))
        )[0]
      : undefined;
    for (const client of watching) {
      const [view] = await lockViews(this.ctx.db, client.viewer, [lock]);
      if (view) send(client.socket, { type: 'lock', lock: view });
      if (command && command.partyId === client.viewer.partyId) send(client.socket, { type: 'command', command: toCommandView(command) });
      if (alarm && alarm.partyId === client.viewer.partyId) {
        send(client.socket, {
          type: 'alarm',
          alarm: { id: alarm.id, dock_id: lock.dockId, lock_id: lock.id, bike_id: alarm.bikeId, raised_at: alarm.raisedAt.toISOString() },
        });
      }
    }
  }

  private async sendLocks(client: Client, lockId: string | null): Promise<void> {
    const rows = lockId
      ? await this.ctx.db.select().from(locks).where(eq(locks.id, lockId))
      : await this.ctx.db.select().from(locks).where(eq(locks.dockId, client.dockId));
    for (const view of await lockViews(this.ctx.db, client.viewer, rows)) send(client.socket, { type: 'lock', lock: view });
  }

  /** Closes the sockets whose token no longer holds (4401) or whose person may no longer use the dock (4404). */
  revalidate(): Promise<void> {
    for (const client of this.clients) {
      this.enqueue(async () => {
        const admitted = await this.admit(client.token, client.dockId, client.lockId);
        if (admitted === 'unauthorised' || (typeof admitted === 'object' && admitted.partyId !== client.viewer.partyId))
          this.drop(client, DOCK_LIVE_CLOSE_UNAUTHORISED);
        else if (admitted === 'not_found') this.drop(client, DOCK_LIVE_CLOSE_NOT_FOUND);
      });
    }
    return this.queue;
  }

  private register(client: Client): void {
    this.clients.add(client);
    const exp = tokenExpiry(client.token);
    if (exp !== null) {
      const ms = Math.min(Math.max(exp - Date.now(), 0), 2_147_000_000);
      client.expiry = setTimeout(() => this.drop(client, DOCK_LIVE_CLOSE_UNAUTHORISED), ms);
      client.expiry.unref();
    }
  }

  private unregister(client: Client): void {
    if (client.expiry) clearTimeout(client.expiry);
    this.clients.delete(client);
  }

  private drop(client: Client, code: number): void {
    this.unregister(client);
    if (client.socket.readyState === client.socket.OPEN) client.socket.close(code);
    else client.socket.terminate();
  }

  private ping(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        this.unregister(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }
}

function send(socket: WebSocket, frame: DockLiveServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

function parseClientFrame(text: string): { type: 'auth'; token: string } | { type: 'ping' } | null {
  try {
    const value = JSON.parse(text) as Partial<Record<string, unknown>>;
    if (value.type === 'ping') return { type: 'ping' };
    if (value.type === 'auth' && typeof value.token === 'string' && value.token.length <= 4096) return { type: 'auth', token: value.token };
    return null;
  } catch {
    return null;
  }
}

function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's browser sockets of docks and locks (app.ts). */
    dockLive: DockLiveHub;
  }
}
