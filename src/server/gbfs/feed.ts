import { and, eq, inArray } from 'drizzle-orm';
import { type LockCommandKind, lockViewState } from '../../domain/docks.js';
import type { AppContext } from '../context.js';
import { docks, lockCommands, locks } from '../db/schema.js';

// The public GBFS feed (General Bikeshare Feed Specification, version 2.3) of the published docks, for journey
// planners. A dock is a station where a bike is parked, not rented: num_bikes_available is 0 (the bikes in it are
// their owners'), num_docks_available counts the locks free to use now (online and open, the user's own rule,
// domain/docks.ts lockViewState), is_renting is false and is_returning says whether one can park there now.

export const GBFS_VERSION = '2.3';
/** The feeds listed in gbfs.json; their ttl says how long a reader may keep them. */
export const GBFS_FEEDS = ['system_information', 'station_information', 'station_status'] as const;
/** The languages the discovery file lists (the same files: names and addresses are not translated). */
const GBFS_LANGUAGES = ['da', 'en'] as const;
/** Seconds: the status follows the locks' heartbeats; where the docks are changes seldom. */
export const GBFS_TTL = { status: 10, information: 300 } as const;

/** A viewer who is nobody: the feed never tells whose bike is in a lock. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

const posix = (at: Date) => Math.floor(at.getTime() / 1000);

interface Envelope<T> {
  last_updated: number;
  ttl: number;
  version: typeof GBFS_VERSION;
  data: T;
}

const envelope = <T>(ttl: number, data: T, now = new Date()): Envelope<T> => ({
  last_updated: posix(now),
  ttl,
  version: GBFS_VERSION,
  data,
});

export function discoveryFeed(ctx: AppContext) {
  const base = `${ctx.config.publicUrl}/api/gbfs`;
  const feeds = GBFS_FEEDS.map((name) => ({ name, url: `${base}/${name}.json` }));
  return envelope(GBFS_TTL.information, Object.fromEntries(GBFS_LANGUAGES.map((language) => [language, { feeds }])));
}

export function systemInformationFeed(ctx: AppContext) {
  return envelope(GBFS_TTL.information, {
    system_id: new URL(ctx.config.publicUrl).host,
    language: 'da',
    name: 'Cykelregister docks',
    timezone: 'Europe/Copenhagen',
    url: ctx.config.publicUrl,
  });
}

async function publishedDocks(ctx: AppContext) {
  return ctx.db.select().from(docks).where(eq(docks.published, true)).orderBy(docks.createdAt, docks.id);
}

async function locksOfDocks(ctx: AppContext, dockIds: string[]) {
  if (dockIds.length === 0) return [];
  return ctx.db.select().from(locks).where(inArray(locks.dockId, dockIds));
}

export async function stationInformationFeed(ctx: AppContext) {
  const rows = await publishedDocks(ctx);
  const all = await locksOfDocks(
    ctx,
    rows.map((d) => d.id),
  );
  const stations = rows.map((d) => ({
    station_id: d.id,
    name: d.name,
    lat: d.latitude,
    lon: d.longitude,
    address: d.address,
    capacity: all.filter((l) => l.dockId === d.id).length,
  }));
  return envelope(GBFS_TTL.information, { stations });
}

export async function stationStatusFeed(ctx: AppContext) {
  const now = new Date();
  const rows = await publishedDocks(ctx);
  const all = await locksOfDocks(
    ctx,
    rows.map((d) => d.id),
  );
  const pendingRows =
    all.length === 0
      ? []
      : await ctx.db
          .select({ lockId: lockCommands.lockId, kind: lockCommands.kind })
          .from(lockCommands)
          .where(
            and(
              inArray(
                lockCommands.lockId,
                all.map((l) => l.id),
              ),
              inArray(lockCommands.status, ['sent', 'received']),
            ),
          );
  const pending = new Map<string, LockCommandKind>(pendingRows.map((r) => [r.lockId, r.kind]));
  const stations = rows.map((d) => {
    const dockLocks = all.filter((l) => l.dockId === d.id);
    const states = dockLocks.map((l) =>
      lockViewState(
        {
          reportedState: l.reportedState,
          reportedAt: l.reportedAt,
          connected: l.connected,
          occupantPartyId: l.occupantPartyId,
          pendingCommand: pending.get(l.id) ?? null,
        },
        NOBODY,
        now,
      ),
    );
    const free = states.filter((s) => s === 'free').length;
    const reported = dockLocks.map((l) => l.reportedAt).filter((at): at is Date => at !== null);
    const lastReported = reported.length > 0 ? new Date(Math.max(...reported.map((at) => at.getTime()))) : d.updatedAt;
    return {
      station_id: d.id,
      num_bikes_available: 0,
      num_docks_available: free,
      num_docks_disabled: states.filter((s) => s === 'offline').length,
      is_installed: true,
      is_renting: false,
      is_returning: free > 0,
      last_reported: posix(lastReported),
    };
  });
  return envelope(GBFS_TTL.status, { stations }, now);
}
