import type { LockCommandView, LockView } from './docks.js';

// The browser's live channel of a dock or one lock (issue 16): /app/docks/{dockId}/locks/{lockId}/websocket and
// GET /api/docks/{dockId}/live. The first frame is {"type":"auth","token":"<session token>"}; the server answers
// `ready`, then the current `lock` frame of each lock it covers, and pushes every change. A bad token closes with
// 4401; a dock or lock the person may not use closes with 4404 (nothing said of it).

export interface DockAlarmView {
  id: string;
  dock_id: string;
  lock_id: string;
  bike_id: string | null;
  raised_at: string;
}

export type DockLiveServerFrame =
  | { type: 'ready' }
  | { type: 'pong' }
  /** A lock as this person sees it now. */
  | { type: 'lock'; lock: LockView }
  /** This person's own command changed. */
  | { type: 'command'; command: LockCommandView }
  /** A tamper alarm of a lock holding this person's bike. */
  | { type: 'alarm'; alarm: DockAlarmView };

export const DOCK_LIVE_CLOSE_UNAUTHORISED = 4401;
export const DOCK_LIVE_CLOSE_NOT_FOUND = 4404;
