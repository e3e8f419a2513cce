import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { type ChatRole, type LiveServerFrame, liveClientFrameSchema } from '../../domain/chats.js';
import { canReadBackoffice } from '../../domain/roles.js';
import type { AppContext } from '../context.js';
import { chatMessages, chatParticipants, chats } from '../db/schema.js';
import { type Caller, callerOfToken } from '../http/auth.js';
import type { ChatNotice } from './post.js';
import { toChatMessage, unreadCountOf } from './views.js';

// The live side of chats (GET /api/chats/live). Each instance keeps the sockets connected to it by
// the party they act for; the listener (listener.ts) hands it every ChatNotice any instance wrote, and
// the hub pushes what concerns the parties connected here. The first frame authenticates (a browser
// cannot set headers on a WebSocket); a bad token, an expired one, or one whose identity is gone or
// whose password was reset closes the socket with 4401 — checked again before every delivery.

export const CLOSE_UNAUTHORISED = 4401;
/** A socket must say who it is this soon. */
const AUTH_TIMEOUT_MS = 10_000;
/** Ping frames keep proxies from closing an idle socket and find the dead ones. */
const PING_INTERVAL_MS = 30_000;
/** Every this many pings, every token is checked again (an identity deleted meanwhile gets no deliveries to check at). */
const REVALIDATE_EVERY_PINGS = 10;

interface Client {
  socket: WebSocket;
  token: string;
  partyId: string;
  /** Reads the backoffice (not on a switched token): told when a support conversation changes. */
  staff: boolean;
  alive: boolean;
  expiry: NodeJS.Timeout | null;
}

export class LiveHub {
  private readonly byParty = new Map<string, Set<Client>>();
  private readonly pending = new Set<WebSocket>();
  private queue: Promise<void> = Promise.resolve();
  private pinger: NodeJS.Timeout | null = null;
  private pings = 0;

  constructor(private readonly ctx: AppContext) {}

  /** How many sockets are signed in here (for tests and health). */
  get size(): number {
    let n = 0;
    for (const set of this.byParty.values()) n += set.size;
    return n;
  }

  start(): void {
    this.pinger ??= setInterval(() => this.ping(), PING_INTERVAL_MS);
    this.pinger.unref();
  }

  /** Closes every socket (shutdown). */
  stop(): void {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    for (const socket of this.pending) socket.terminate();
    for (const set of this.byParty.values()) for (const client of set) this.drop(client, 1001);
  }

  /** A new socket: waits for its auth frame, answers pings, cleans up when it goes. */
  attach(socket: WebSocket): void {
    this.pending.add(socket);
    let client: Client | null = null;
    const authTimer = setTimeout(() => socket.close(CLOSE_UNAUTHORISED, 'auth required'), AUTH_TIMEOUT_MS);
    authTimer.unref();
    socket.on('message', (data, isBinary) => {
      const frame = isBinary ? null : parseFrame(data.toString());
      if (frame?.type === 'ping') return send(socket, { type: 'pong' });
      if (frame?.type !== 'auth') {
        // Before authenticating there is nothing else to say; afterwards an unknown frame is ignored.
        if (!client) socket.close(CLOSE_UNAUTHORISED, 'auth required');
        return;
      }
      void this.authenticate(frame.token).then(
        (caller) => {
          if (socket.readyState !== socket.OPEN) return;
          if (!caller) return socket.close(CLOSE_UNAUTHORISED, 'invalid_token');
          clearTimeout(authTimer);
          this.pending.delete(socket);
          // A later auth frame (a refreshed token) replaces the first.
          if (client) this.unregister(client);
          const staff = canReadBackoffice(caller.role) && caller.switchedBy === null;
          client = { socket, token: frame.token, partyId: caller.actingPartyId, staff, alive: true, expiry: null };
          this.register(client);
          send(socket, { type: 'ready' });
          void this.sendUnread([client]);
        },
        (err) => {
          this.ctx.log.warn({ err }, 'live chat authentication failed');
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

  /** Takes a notice from the listener; notices are handled one after another, so frames keep their order. */
  deliver(notice: ChatNotice): void {
    this.queue = this.queue
      .then(() => this.handle(notice))
      .catch((err: unknown) => this.ctx.log.warn({ err, notice }, 'live chat delivery failed'));
  }

  /** After the listener reconnected (notices may have been missed): fresh counts for everyone here. */
  resync(): void {
    this.queue = this.queue
      .then(() => this.sendUnread([...this.byParty.values()].flatMap((set) => [...set])))
      .catch((err: unknown) => this.ctx.log.warn({ err }, 'live chat resync failed'));
  }

  /** Waits until every notice handed over so far has been delivered (tests). */
  settled(): Promise<void> {
    return this.queue;
  }

  private async authenticate(token: string): Promise<Caller | null> {
    return callerOfToken({ db: this.ctx.db, jwtSecret: this.ctx.config.jwtSecret }, token);
  }

  private register(client: Client): void {
    let set = this.byParty.get(client.partyId);
    if (!set) {
      set = new Set();
      this.byParty.set(client.partyId, set);
    }
    set.add(client);
    const exp = tokenExpiry(client.token);
    if (exp !== null) {
      // The socket ends with its token (setTimeout holds at most ~24.8 days; longer ones are caught at delivery).
      const ms = Math.min(Math.max(exp - Date.now(), 0), 2_147_000_000);
      client.expiry = setTimeout(() => this.drop(client, CLOSE_UNAUTHORISED), ms);
      client.expiry.unref();
    }
  }

  private unregister(client: Client): void {
    if (client.expiry) clearTimeout(client.expiry);
    const set = this.byParty.get(client.partyId);
    set?.delete(client);
    if (set?.size === 0) this.byParty.delete(client.partyId);
  }

  private drop(client: Client, code: number): void {
    this.unregister(client);
    if (client.socket.readyState === client.socket.OPEN) client.socket.close(code, code === CLOSE_UNAUTHORISED ? 'invalid_token' : '');
    else client.socket.terminate();
  }

  /** Checks every socket's token again, closing those that no longer hold. */
  revalidate(): Promise<void> {
    this.queue = this.queue
      .then(async () => {
        await this.stillValid([...this.byParty.keys()]);
      })
      .catch((err: unknown) => this.ctx.log.warn({ err }, 'live chat revalidation failed'));
    return this.queue;
  }

  private ping(): void {
    this.pings += 1;
    if (this.pings % REVALIDATE_EVERY_PINGS === 0) void this.revalidate();
    for (const set of this.byParty.values()) {
      for (const client of set) {
        if (!client.alive) {
          // No pong since the last ping: the other end is gone without a close; no handshake to wait for.
          this.unregister(client);
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
  }

  /** The clients of these parties whose token still holds (the others are closed with 4401). */
  private async stillValid(partyIds: string[]): Promise<Client[]> {
    const clients = partyIds.flatMap((id) => [...(this.byParty.get(id) ?? [])]);
    const valid: Client[] = [];
    for (const client of clients) {
      const caller = await this.authenticate(client.token);
      if (caller && caller.actingPartyId === client.partyId) valid.push(client);
      else this.drop(client, CLOSE_UNAUTHORISED);
    }
    return valid;
  }

  private async handle(notice: ChatNotice): Promise<void> {
    if (this.byParty.size === 0) return;
    if (notice.type === 'read') {
      await this.sendUnread(await this.stillValid([notice.party_id]));
      return;
    }
    await this.tellStaff(notice.chat_id);
    const participants = await this.ctx.db
      .select({ partyId: chatParticipants.partyId, role: chatParticipants.role })
      .from(chatParticipants)
      .where(eq(chatParticipants.chatId, notice.chat_id));
    const here = participants.filter((p) => this.byParty.has(p.partyId));
    if (here.length === 0) return;
    const clients = await this.stillValid(here.map((p) => p.partyId));
    if (notice.type === 'chat') {
      for (const client of clients) send(client.socket, { type: 'chat', chat_id: notice.chat_id });
      return;
    }
    const [row] = await this.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, notice.message_id));
    if (!row) return;
    const roles = new Map<string, ChatRole>(here.map((p) => [p.partyId, p.role]));
    for (const client of clients) {
      const message = toChatMessage(this.ctx, row, { partyId: client.partyId, role: roles.get(client.partyId) ?? 'sender' });
      send(client.socket, { type: 'message', chat_id: notice.chat_id, message });
    }
    await this.sendUnread(clients);
  }

  /** Staff connected here are told of every change to a support conversation (they are not its participants). */
  private async tellStaff(chatId: string): Promise<void> {
    const staffParties = [...this.byParty].filter(([, set]) => [...set].some((c) => c.staff)).map(([partyId]) => partyId);
    if (staffParties.length === 0) return;
    const [chat] = await this.ctx.db.select({ kind: chats.kind }).from(chats).where(eq(chats.id, chatId));
    if (chat?.kind !== 'support') return;
    for (const client of await this.stillValid(staffParties)) {
      if (client.staff) send(client.socket, { type: 'support', chat_id: chatId });
    }
  }

  /** Each client's fresh unread counts (counted once per party). */
  private async sendUnread(clients: Client[]): Promise<void> {
    const counts = new Map<string, Awaited<ReturnType<typeof unreadCountOf>>>();
    for (const client of clients) {
      let unread = counts.get(client.partyId);
      if (!unread) {
        unread = await unreadCountOf(this.ctx.db, client.partyId);
        counts.set(client.partyId, unread);
      }
      send(client.socket, { type: 'unread', unread });
    }
  }
}

function send(socket: WebSocket, frame: LiveServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

function parseFrame(text: string) {
  try {
    const parsed = liveClientFrameSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The token's expiry in milliseconds (its signature is checked by callerOfToken; this only schedules the close). */
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
    /** This instance's live chat sockets (app.ts). */
    chatLive: LiveHub;
  }
}
