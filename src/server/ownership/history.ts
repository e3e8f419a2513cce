import { desc, eq, inArray, sql } from 'drizzle-orm';
import { BIKE_EVENT_KINDS, type BikeEvent, type BikeEventKind } from '../../domain/ownership.js';
import { STAFF_ROLES } from '../../domain/roles.js';
import type { AppContext } from '../context.js';
import { bikeEvents, bikeOwnerships, identities, ownershipRequests } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { bikeOfCaller } from '../shared/bike-access.js';

// A bike's history as its current owner sees it (issue 5: every state change, who and when). The owner
// sees the whole life of the bike, earlier owners' part included, but never who anyone else was: an
// actor is named only by their relation to the caller ("you", "a previous owner", "staff", …).

/** Details an owner may see; a price only of their own ownership (another owner's deal is theirs). */
const SAFE_DATA = ['fields', 'hand_over_pictures', 'hand_over_documents', 'from_request', 'price_dkk'] as const;

/** The owner's own fields (kept on their ownership): another owner's edits of them are theirs alone. */
const OWNER_FIELDS: readonly string[] = ['nickname', 'normal_price_dkk', 'purchase_date'];

function safeData(data: unknown, own: boolean): Record<string, unknown> | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const source = data as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key of SAFE_DATA) {
    if (key === 'price_dkk' && !own) continue;
    if (key in source) result[key] = source[key];
  }
  if (!own && Array.isArray(result.fields)) result.fields = result.fields.filter((f) => !OWNER_FIELDS.includes(String(f)));
  return result;
}

/** An edit by another owner that changed only their own fields: nothing of it is the caller's to see. */
const onlyOwnerFields = (data: Record<string, unknown> | null): boolean => Array.isArray(data?.fields) && data.fields.length === 0;

const isKind = (kind: string): kind is BikeEventKind => (BIKE_EVENT_KINDS as readonly string[]).includes(kind);

/** GET /bikes/{bikeId}/history: newest first. */
export async function bikeHistory(ctx: AppContext, caller: Caller, bikeId: string): Promise<BikeEvent[]> {
  const { bike, ownership } = await bikeOfCaller(ctx.db, caller, bikeId);
  const events = await ctx.db
    .select()
    .from(bikeEvents)
    .where(eq(bikeEvents.bikeId, bike.id))
    // Events of one transaction share its time: the bike coming in is the last thing that happened.
    .orderBy(desc(bikeEvents.createdAt), sql`${bikeEvents.kind} = 'transferred_in' desc`, desc(bikeEvents.id));
  const owners = await ctx.db
    .select({ id: bikeOwnerships.id, partyId: bikeOwnerships.partyId })
    .from(bikeOwnerships)
    .where(eq(bikeOwnerships.bikeId, bike.id));
  const earlierOwners = new Set(owners.filter((o) => o.id !== ownership.id).map((o) => o.partyId));
  const requesters = new Set(
    (
      await ctx.db
        .select({ partyId: ownershipRequests.requesterPartyId })
        .from(ownershipRequests)
        .where(eq(ownershipRequests.bikeId, bike.id))
    ).map((r) => r.partyId),
  );
  const actorIds = [...new Set(events.map((e) => e.actorPartyId).filter((id): id is string => Boolean(id)))];
  const staff = new Set<string>();
  if (actorIds.length > 0) {
    const rows = await ctx.db
      .select({ partyId: identities.partyId, role: identities.role })
      .from(identities)
      .where(inArray(identities.partyId, actorIds));
    for (const row of rows) if ((STAFF_ROLES as readonly string[]).includes(row.role)) staff.add(row.partyId);
  }

  const me = new Set([caller.actingPartyId, caller.partyId]);
  const actorOf = (actor: string | null): BikeEvent['actor'] => {
    if (!actor) return 'system';
    if (me.has(actor)) return 'you';
    if (staff.has(actor)) return 'staff';
    if (earlierOwners.has(actor)) return 'previous_owner';
    if (requesters.has(actor)) return 'requester';
    // Someone a transfer was addressed to who did not (or not yet) take the bike.
    return 'new_owner';
  };
  return events.flatMap((event) => {
    if (!isKind(event.kind)) return [];
    const data = safeData(event.data, event.ownershipId === ownership.id);
    if (event.kind === 'updated' && onlyOwnerFields(data)) return [];
    return [{ id: event.id, kind: event.kind, actor: actorOf(event.actorPartyId), created_at: event.createdAt.toISOString(), data }];
  });
}
