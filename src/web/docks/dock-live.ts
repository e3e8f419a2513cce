import { useEffect, useState } from 'react';
import type { LockCommandView, LockView } from '../../domain/docks';
import { connectLive, type SocketLike } from '../chats/live';
import { refreshQueries } from '../lib/query-client';
import { useActingParty, useSessionStore } from '../lib/session-store';
import { applyCommand, applyLockView, dockKeys } from './docks-api';

// The dock's live channel (GET /api/docks/{dockId}/live, a WebSocket; a lock's own at
// /app/docks/{dockId}/locks/{lockId}/websocket): the chats' client (first frame auth with the session token,
// ready, pings, reconnect with backoff) speaking the docks' frames. Every (re)connect fetches the dock again, so
// what happened while the connection was down is not missed.

export type DockFrame =
  | { type: 'lock'; lock: LockView }
  | { type: 'command'; command: LockCommandView }
  | { type: 'alarm'; alarm?: { id?: string; lock_id?: string } }
  | { type: 'pong' };

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'refused' | 'missing';

/** The server closes with this code when the dock or lock is not one the person may use (nothing said of it). */
const CLOSE_NOT_FOUND = 4404;

export function liveAddress(path: string): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${path}`;
}

/** A frame's effect on the cached answers of the acting party. */
export function applyDockFrame(partyId: string, dockId: string, frame: DockFrame): void {
  if (frame.type === 'lock' && frame.lock) applyLockView(partyId, frame.lock);
  else if (frame.type === 'command' && frame.command) applyCommand(partyId, dockId, frame.command);
  else if (frame.type === 'alarm') void refreshQueries(dockKeys.alarms(partyId));
}

/**
 * Keeps the dock's (or one lock's) live connection while mounted and `enabled` (once the dock is known to be the
 * user's: one they may not use is closed with 4404, and trying again would not help); answers how it is doing.
 */
export function useDockLive(dockId: string, path: string, enabled: boolean, onFrame?: (frame: DockFrame) => void): LiveStatus {
  const token = useSessionStore((s) => s.token);
  const partyId = useActingParty();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    if (!token || !partyId || !enabled) return;
    setStatus('connecting');
    let ready = false;
    let stopped = false;
    const connection = connectLive<DockFrame>({
      token,
      url: liveAddress(path),
      createSocket: (url) => {
        const socket = new WebSocket(url);
        socket.addEventListener('close', (event) => {
          if (stopped) return;
          if (event.code === CLOSE_NOT_FOUND) {
            // Trying again would not help: stop before the client schedules another attempt.
            stopped = true;
            connection.close();
            setStatus('missing');
            return;
          }
          setStatus(ready ? 'reconnecting' : 'connecting');
        });
        return socket as unknown as SocketLike;
      },
      onFrame: (frame) => {
        applyDockFrame(partyId, dockId, frame);
        onFrame?.(frame);
      },
      onReady: () => {
        ready = true;
        setStatus('live');
        // What changed before the connection was there (or while it was down) is fetched again.
        void refreshQueries(dockKeys.all(partyId));
      },
      onUnauthorised: () => setStatus('refused'),
    });
    return () => {
      stopped = true;
      connection.close();
    };
  }, [token, partyId, dockId, path, enabled, onFrame]);
  return status;
}
