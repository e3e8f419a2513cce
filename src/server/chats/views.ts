import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { ChatMessage, ChatRole, ChatSummary, UnreadCount } from '../../domain/chats.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { chatMessages } from '../db/schema.js';
import { publicCardsOf } from '../shared/public-cards.js';
import { signedChatPhotoUrl } from './photo-url.js';

// What a participant sees of their conversations (§7 Chats, issue 5): the inbox, one conversation's
// header, its messages, and the unread counts. Everything is seen from one party (the caller's acting
// party): `mine` and `sender_role` are computed for them, and the other participant appears only as
// a role — their contact only when they chose to share it. Answers go through the response schemas of
// domain/chats.ts as well, so no other column can leak.

type Row = Record<string, unknown>;
export type MessageRow = typeof chatMessages.$inferSelect;

export function rowsOf(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}
const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const otherRole = (role: ChatRole): ChatRole => (role === 'owner' ? 'sender' : 'owner');

/** The most conversations an inbox answer holds (newest first). */
const INBOX_LIMIT = 200;

/** A message as `viewer` sees it. */
export function toChatMessage(ctx: AppContext, row: MessageRow, viewer: { partyId: string; role: ChatRole }): ChatMessage {
  const mine = row.senderPartyId !== null && row.senderPartyId === viewer.partyId;
  return {
    id: row.id,
    chat_id: row.chatId,
    kind: row.kind,
    content: row.content,
    mine,
    // A text whose writer has since deleted their account (sender null) was still written by the other side.
    sender_role: row.kind === 'system' ? null : mine ? viewer.role : otherRole(viewer.role),
    latitude: row.latitude,
    longitude: row.longitude,
    place_label: row.placeLabel,
    photo_url: row.photoKey ? signedChatPhotoUrl(ctx.config.jwtSecret, row.id, 'full') : null,
    photo_thumbnail_url: row.photoThumbnailKey ? signedChatPhotoUrl(ctx.config.jwtSecret, row.id, 'thumb') : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A LIKE pattern that matches `q` literally anywhere (%, _ and \ in it are escaped). */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The party's conversations, newest message first: all of them (not archived), one (`chatId`), or
 * those whose text messages contain `q` (case-insensitive; system messages are keys, not prose).
 */
export async function chatSummaries(
  ctx: AppContext,
  partyId: string,
  options: { chatId?: string; q?: string } = {},
): Promise<ChatSummary[]> {
  const pattern = options.q ? containsPattern(options.q) : null;
  const matched = (select: SQL, tail: SQL = sql``) =>
    sql`(${select} from chat_message m where m.chat_id = c.id and m.kind = 'text' and m.content ilike ${pattern} ${tail})`;
  const result = await ctx.db.execute(sql`
    select c.id, c.kind, c.bike_id, c.created_at, c.last_message_at,
      me.role as my_role, me.shares_contact as i_share,
      o.party_id as other_party_id, coalesce(o.shares_contact, false) as other_shares,
      exists (select 1 from chat_block b where b.blocker_party_id = me.party_id and b.blocked_party_id = o.party_id) as blocked,
      exists (select 1 from chat_block b where b.blocker_party_id = o.party_id and b.blocked_party_id = me.party_id) as blocked_by_other,
      (select count(*)::int from chat_message m where m.chat_id = c.id and m.sender_party_id is distinct from me.party_id
        and (me.last_read_at is null or m.created_at > me.last_read_at)) as unread_count,
      lm.content as last_content, lm.kind as last_kind, lm.sender_party_id as last_sender, lm.created_at as last_created_at,
      lm.photo_key is not null as last_photo, lm.latitude is not null as last_place, lm.place_label as last_place_label,
      r.id as request_id, r.status as request_status,
      coalesce((select bo.party_id = me.party_id from bike_ownership bo where bo.bike_id = c.bike_id and bo.ended_at is null), false)
        as subject_is_mine
      ${pattern ? sql`, ${matched(sql`select m.content`, sql`order by m.created_at desc, m.id desc limit 1`)} as matched` : sql``}
    from chat_participant me
    join chat c on c.id = me.chat_id
    left join chat_participant o on o.chat_id = c.id and o.party_id <> me.party_id
    left join lateral (
      select m.content, m.kind, m.sender_party_id, m.created_at, m.photo_key, m.latitude, m.place_label from chat_message m
      where m.chat_id = c.id order by m.created_at desc, m.id desc limit 1
    ) lm on true
    left join lateral (
      select q.id, q.status from ownership_request q where q.chat_id = c.id order by q.created_at desc limit 1
    ) r on true
    where me.party_id = ${partyId} and c.kind <> 'support'
      ${options.chatId ? sql`and c.id = ${options.chatId}` : sql`and me.archived_at is null`}
      ${pattern ? sql`and exists ${matched(sql`select 1`)}` : sql``}
    order by c.last_message_at desc, c.id desc
    limit ${INBOX_LIMIT}`);
  const rows = rowsOf(result);
  if (rows.length === 0) return [];

  const sharing = rows.filter((r) => r.other_shares && r.other_party_id).map((r) => String(r.other_party_id));
  const contacts = await contactsOf(ctx.db, sharing);
  const bikeIds = (mine: boolean) => [
    ...new Set(rows.filter((r) => r.bike_id && Boolean(r.subject_is_mine) === mine).map((r) => String(r.bike_id))),
  ];
  // Participants already know the bike, so its card stays while it is registered, also when no longer
  // searchable; the owner gets their own signed picture addresses, which work whatever the bike's flags.
  const cards = new Map([
    ...(await publicCardsOf(ctx, bikeIds(false), { onlyVisible: false })),
    ...(await publicCardsOf(ctx, bikeIds(true), { onlyVisible: false, forOwner: true })),
  ]);

  return rows.map((r): ChatSummary => {
    const bikeId = r.bike_id ? String(r.bike_id) : null;
    return {
      id: String(r.id),
      kind: r.kind as ChatSummary['kind'],
      my_role: r.my_role as ChatRole,
      bike: (bikeId && cards.get(bikeId)) || null,
      subject_id: bikeId,
      subject_is_mine: Boolean(r.subject_is_mine),
      last_message:
        r.last_created_at === null || r.last_created_at === undefined
          ? null
          : {
              content: String(r.last_content),
              mine: r.last_sender === partyId,
              kind: r.last_kind as 'text' | 'system',
              photo: Boolean(r.last_photo),
              place: Boolean(r.last_place),
              place_label: r.last_place_label ? String(r.last_place_label) : null,
              created_at: toDate(r.last_created_at).toISOString(),
            },
      last_message_at: toDate(r.last_message_at).toISOString(),
      unread_count: Number(r.unread_count),
      i_share_contact: Boolean(r.i_share),
      other_contact: r.other_shares && r.other_party_id ? (contacts.get(String(r.other_party_id)) ?? null) : null,
      blocked: Boolean(r.blocked),
      blocked_by_other: Boolean(r.blocked_by_other),
      ownership_request: r.request_id ? { id: String(r.request_id), status: r.request_status as 'pending' } : null,
      ...(pattern ? { matched_message: r.matched === null || r.matched === undefined ? null : String(r.matched) } : {}),
      created_at: toDate(r.created_at).toISOString(),
    };
  });
}

export type SharedContact = NonNullable<ChatSummary['other_contact']>;

/**
 * The contact a participant shares: a person's email, phone (mobile first) and first name; for an
 * organisation, its name and the contact of its first admin. Nothing else about them, ever.
 */
async function contactsOf(db: Db, partyIds: string[]): Promise<Map<string, SharedContact>> {
  const result = new Map<string, SharedContact>();
  if (partyIds.length === 0) return result;
  const rows = rowsOf(
    await db.execute(sql`
      select p.id, coalesce(i.email, a.email) as email, coalesce(i.mobile, i.phone, a.mobile, a.phone) as phone,
        coalesce(i.first_name, o.name) as first_name
      from party p
      left join identity i on i.party_id = p.id
      left join organisation o on o.party_id = p.id
      left join lateral (
        select ai.email, ai.mobile, ai.phone from organisation_member om join identity ai on ai.party_id = om.identity_party_id
        where om.organisation_party_id = p.id order by (om.role = 'admin') desc, om.created_at limit 1
      ) a on true
      where p.id in (${sql.join(
        partyIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  for (const r of rows) {
    if (!r.email) continue;
    result.set(String(r.id), {
      email: String(r.email),
      phone: r.phone ? String(r.phone) : null,
      first_name: r.first_name ? String(r.first_name) : null,
    });
  }
  return result;
}

/** One page of a conversation, oldest first: the newest `limit` messages before `before` (or the newest). */
export async function messagesPage(db: Db, chatId: string, options: { before?: Date; limit: number }): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), options.before ? lt(chatMessages.createdAt, options.before) : undefined))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(options.limit);
  return rows.reverse();
}

/**
 * The party's unread conversations and messages (messages of the other side or the system after their last read); the
 * support conversation is not in the inbox and so not in its count (its page shows its own).
 */
export async function unreadCountOf(db: Db, partyId: string): Promise<UnreadCount> {
  const [row] = rowsOf(
    await db.execute(sql`
      select count(distinct p.chat_id)::int as chats, count(m.id)::int as messages
      from chat_participant p
      join chat c on c.id = p.chat_id and c.kind <> 'support'
      join chat_message m on m.chat_id = p.chat_id and m.sender_party_id is distinct from p.party_id
        and (p.last_read_at is null or m.created_at > p.last_read_at)
      where p.party_id = ${partyId} and p.archived_at is null`),
  );
  return { chats: Number(row?.chats ?? 0), messages: Number(row?.messages ?? 0) };
}
