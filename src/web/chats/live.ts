import type { LiveClientFrame, LiveServerFrame } from '../../domain/chats';

// The live channel of the chats (GET /api/chats/live, a WebSocket): one per signed-in tab. The first frame
// authenticates with the session token; the server then pushes new messages, unread counts and changed
// conversations. A lost connection comes back with growing pauses (1 s … 30 s, with jitter so that a
// restarted server is not hit by every tab at once); a ping every 25 s keeps proxies from closing an idle one.

export const PING_INTERVAL_MS = 25_000;
const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** The server closes with this code when the token is not (or no longer) valid: trying again will not help. */
export const CLOSE_UNAUTHORISED = 4401;
/** WebSocket.CONNECTING (the global is not there in every runtime this module is tested in). */
const CONNECTING = 0;

/** The part of a WebSocket this module uses (the browser's, or the ws package's in a test). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Another live channel (the docks') may speak its own frames over the same protocol: auth, ready, ping. */
export interface LiveOptions<F extends { type: string } = LiveServerFrame> {
  token: string;
  onFrame: (frame: F) => void;
  /** Connected and authenticated; `again` after a lost connection (what was missed should be fetched). */
  onReady?: (again: boolean) => void;
  /** The server refused the token. */
  onUnauthorised?: () => void;
  url?: string;
  createSocket?: (url: string) => SocketLike;
}

export interface LiveConnection {
  close(): void;
}

/** The delay before reconnect attempt `attempt` (0, 1, 2 …): doubling, capped, with up to 20 % jitter. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** attempt);
  return Math.round(base * (0.8 + 0.2 * random()));
}

export function liveUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/chats/live`;
}

function parseFrame<F>(data: unknown): F | { type: 'ready' } | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as { type?: unknown };
    return typeof frame?.type === 'string' ? (frame as F) : null;
  } catch {
    return null;
  }
}

export function connectLive<F extends { type: string } = LiveServerFrame>(options: LiveOptions<F>): LiveConnection {
  const url = options.url ?? liveUrl(window.location);
  const create = options.createSocket ?? ((address: string) => new WebSocket(address) as unknown as SocketLike);
  let socket: SocketLike | null = null;
  let attempt = 0;
  let everReady = false;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const send = (frame: LiveClientFrame) => {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(frame));
  };

  const open = () => {
    if (stopped) return;
    const current = create(url);
    socket = current;
    current.onopen = () => send({ type: 'auth', token: options.token });
    current.onmessage = (event) => {
      const frame = parseFrame<F>(event.data);
      if (!frame) return;
      if (frame.type === 'ready') {
        const again = everReady;
        everReady = true;
        attempt = 0;
        clearInterval(pingTimer);
        pingTimer = setInterval(() => send({ type: 'ping' }), PING_INTERVAL_MS);
        options.onReady?.(again);
        return;
      }
      options.onFrame(frame as F);
    };
    current.onerror = () => {
      // A close follows every error; reconnecting is decided there.
    };
    current.onclose = (event) => {
      clearInterval(pingTimer);
      if (socket === current) socket = null;
      if (stopped) return;
      if (event.code === CLOSE_UNAUTHORISED) {
        options.onUnauthorised?.();
        return;
      }
      retryTimer = setTimeout(open, backoffDelay(attempt));
      attempt += 1;
    };
  };

  // A tab coming back from sleep or a network change should not wait out a long pause.
  const onOnline = () => {
    if (stopped || socket) return;
    clearTimeout(retryTimer);
    attempt = 0;
    open();
  };
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  open();
  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      const current = socket;
      socket = null;
      if (!current) return;
      current.onmessage = null;
      if (current.readyState === CONNECTING) {
        // Closing a socket still connecting makes the browser warn "WebSocket is closed before the connection
        // is established" (React's StrictMode mounts twice, a new token reconnects at once): close it once open.
        current.onopen = () => current.close(1000);
        return;
      }
      current.close(1000);
    },
  };
}
