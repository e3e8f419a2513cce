import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Party-centred model (design.md): a party is a person (identity) or an organisation.
export const parties = pgTable('party', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['person', 'organisation'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const identities = pgTable(
  'identity',
  {
    partyId: uuid('party_id')
      .primaryKey()
      .references(() => parties.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['private', 'business', 'staff', 'revisor', 'admin'] })
      .notNull()
      .default('private'),
    language: text('language', { enum: ['da', 'en', 'no'] })
      .notNull()
      .default('da'),
    region: text('region', { enum: ['dk', 'no'] })
      .notNull()
      .default('dk'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    mobile: text('mobile'),
    street: text('street'),
    city: text('city'),
    zipCode: text('zip_code'),
    floor: text('floor'),
    side: text('side'),
    door: text('door'),
    /** AES-GCM ciphertext; never returned in clear. */
    cprEncrypted: text('cpr_encrypted'),
    /** A new email waiting for confirmation through a link (§4 partially saved). */
    pendingEmail: text('pending_email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** National digital ID verification (§3 verified_on). */
    verifiedOn: timestamp('verified_on', { withTimezone: true }),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
    /** Tokens issued before this instant are refused (password reset, log out everywhere). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }).notNull().default(sql`'epoch'`),
    /** Per-account login throttling (identity/login-lock.ts): wrong passwords since the window's start, the lock, and how many locks in a row. */
    loginFailures: integer('login_failures').notNull().default(0),
    loginFailuresSince: timestamp('login_failures_since', { withTimezone: true }),
    loginLockedUntil: timestamp('login_locked_until', { withTimezone: true }),
    loginLocks: integer('login_locks').notNull().default(0),
    /** The friend_ref the sign-up came with, as typed (§3 Signup payload). */
    friendRef: text('friend_ref'),
    userRef: text('user_ref'),
    /** This person's own referral code (identity/referrals.ts): given on first ask, never changed. */
    referralCode: text('referral_code'),
    /** Who referred this person: the owner of the friend_ref code at sign-up, if it named one. */
    referredBy: uuid('referred_by').references((): AnyPgColumn => parties.id, { onDelete: 'set null' }),
    /** The theme chosen for this person (§1 main, dcu, nafBrand), applied at login on any device; null: none chosen. */
    theme: text('theme', { enum: ['main', 'dcu', 'nafBrand'] }),
    /** National digital ID (§4): the provider's subject, unique, so one person verifies one account. */
    eidSubject: text('eid_subject'),
    eidProvider: text('eid_provider'),
    /** The name the national ID provider vouches for. */
    verifiedName: text('verified_name'),
    birthdate: text('birthdate'),
    /** The party this person last chose to act as: themselves or one of their organisations (§6). */
    actingPartyId: uuid('acting_party_id'),
  },
  (t) => [
    uniqueIndex('identity_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('identity_eid_subject_unique').on(t.eidSubject),
    uniqueIndex('identity_referral_code_unique').on(t.referralCode),
    index('identity_referred_by_idx').on(t.referredBy),
  ],
);

export const organisations = pgTable('organisation', {
  partyId: uuid('party_id')
    .primaryKey()
    .references(() => parties.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  organisationType: text('organisation_type', {
    enum: ['insurance_company', 'business', 'association', 'police'],
  }).notNull(),
  /** A Danish CVR number (8 digits) or a Norwegian organisation number (9 digits), as the creator gave it; not unique, not checked against a registry. */
  cvrNumber: text('cvr_number'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const organisationMembers = pgTable(
  'organisation_member',
  {
    organisationPartyId: uuid('organisation_party_id')
      .notNull()
      .references(() => organisations.partyId, { onDelete: 'cascade' }),
    identityPartyId: uuid('identity_party_id')
      .notNull()
      .references(() => identities.partyId, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationPartyId, t.identityPartyId] })],
);

/** Every consent change is kept; the newest row per type is the current state. */
export const consents = pgTable(
  'consent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    action: text('action', { enum: ['added', 'removed'] }).notNull(),
    /**
     * privacy_and_terms: the version of the privacy policy and terms accepted (domain/legal.ts); null for other types
     * and for acceptances given before the documents were versioned (migration consent_version: no backfill).
     */
    version: text('version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_party_idx').on(t.partyId, t.type, t.createdAt)],
);

/** Single-use secrets sent by mail: password resets, email verifications, email changes. Only a hash is stored. */
export const oneTimeTokens = pgTable(
  'one_time_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['password_reset', 'email_verification'] }).notNull(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: a verification confirms exactly this address. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_token_party_idx').on(t.partyId, t.kind)],
);

/**
 * Login tokens ended before their time (log out, a refresh replacing them), by their `jti`. The auth guard
 * looks the token up by primary key in its caller query; a row is useless once the token has expired.
 */
export const revokedTokens = pgTable(
  'revoked_token',
  {
    jti: uuid('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_token_expires_idx').on(t.expiresAt)],
);

/** Mail is written here in the same transaction as the change it tells of, then delivered (transactional outbox). */
export const outbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partyId: uuid('party_id').references(() => parties.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Extra headers of this mail, e.g. a newsletter's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [index('mail_outbox_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`)],
);

/** §7 Events: product analytics sent by the client and by the server. */
export const events = pgTable(
  'event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category').notNull(),
    action: text('action').notNull(),
    name: text('name'),
    eventId: text('event_id'),
    sourceUrl: text('source_url'),
    installed: boolean('installed').notNull().default(false),
    data: jsonb('data'),
    /** Set null when the person is deleted: the count survives, the person does not. */
    partyId: uuid('party_id').references(() => parties.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_category_action_idx').on(t.category, t.action, t.createdAt)],
);

/**
 * Staff actions and switch-user, kept for review: who (actor; null for the command line), as or on whom
 * (target), what (action and data), when. No foreign keys: the record outlives the people in it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorPartyId: uuid('actor_party_id'),
    action: text('action').notNull(),
    targetPartyId: uuid('target_party_id'),
    /** The record a staff change touched (e.g. 'plate', 'order', 'organisation') and its id, so its history can be read. */
    recordType: text('record_type'),
    recordId: text('record_id'),
    /** The record's fields before and after the change (null before a creation, after a deletion). */
    before: jsonb('before'),
    after: jsonb('after'),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorPartyId, t.createdAt),
    index('audit_log_target_idx').on(t.targetPartyId, t.createdAt),
    index('audit_log_record_idx').on(t.recordType, t.recordId, t.createdAt),
  ],
);

/**
 * A trip through the national ID provider (§7 verifications): to verify the identity, or to approve
 * one act (step-up). Holds the OpenID Connect state, nonce and PKCE verifier until the user returns.
 */
export const verificationSessions = pgTable('verification_session', {
  id: uuid('id').primaryKey().defaultRandom(),
  partyId: uuid('party_id')
    .notNull()
    .references(() => parties.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['verify', 'approve'] }).notNull(),
  /** The act an approval is for, e.g. delete_account. */
  act: text('act'),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  successUrl: text('success_url'),
  failureUrl: text('failure_url'),
  status: text('status', { enum: ['pending', 'completed', 'failed'] })
    .notNull()
    .default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** A short-lived, single-use approval of one act by one person, given through the national ID provider. */
export const approvals = pgTable(
  'approval',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    act: text('act').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('approval_party_idx').on(t.partyId, t.act)],
);

/** A social sign-in account (§3, §7) linked to a person. */
export const socialAccounts = pgTable(
  'social_account',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_account_party_idx').on(t.partyId)],
);

// ---------------------------------------------------------------------------------------------
// Bikes (issue 4). A bike is the physical object; an ownership links it to a party for a period,
// so a transfer ends one ownership and starts another and the history stays.

export const bikes = pgTable(
  'bike',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owner's spelling, kept as typed. */
    frameNumber: text('frame_number'),
    /** domain/bikes/frame-number.ts normaliseFrameNumber: for matching, uniqueness and search. */
    frameNumberNormalised: text('frame_number_normalised'),
    // The nickname, purchase price and purchase date are the owner's, not the bike's: bike_ownership.
    typeId: text('type_id', { enum: ['female', 'male', 'unisex'] }),
    colorId: text('color_id'),
    isElectric: boolean('is_electric').notNull().default(false),
    model: text('model'),
    categoryId: text('category_id'),
    brandId: text('brand_id'),
    /** Free text when the brand is not in the brand table. */
    brandName: text('brand_name'),
    productionYear: integer('production_year'),
    /** Shown in public search and on plate scans; a stolen bike is always shown. */
    searchable: boolean('searchable').notNull().default(true),
    reportedStolen: boolean('reported_stolen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // §5 "frame number already in use": one registration per frame number (a deleted bike frees it).
    uniqueIndex('bike_frame_number_unique').on(t.frameNumberNormalised),
    // Search's "did you mean" (trigram similarity, %). On lower(): pg_trgm ignores case anyway, and a
    // trigram index on the bare column also serves `=`, which the planner then took for exact lookups
    // instead of the unique index (40 ms instead of 0.5 ms at 1 M bikes).
    index('bike_frame_number_trgm_gin').using('gin', sql`lower(${t.frameNumberNormalised}) gin_trgm_ops`),
  ],
);

export const bikeOwnerships = pgTable(
  'bike_ownership',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    /** The owner: a person or an organisation. */
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while current. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ['transferred', 'deleted', 'compensated'] }),
    // What the owner keeps about the bike for themselves (§3 nickname, normal_price_dkk, purchase_date):
    // it stays with the ownership that wrote it, so a new owner starts without the previous one's.
    nickname: text('nickname'),
    normalPriceDkk: integer('normal_price_dkk'),
    /** ISO date (YYYY-MM-DD). */
    purchaseDate: text('purchase_date'),
  },
  (t) => [
    uniqueIndex('bike_ownership_current_unique').on(t.bikeId).where(sql`${t.endedAt} is null`),
    index('bike_ownership_party_idx').on(t.partyId, t.endedAt),
  ],
);

/** A printed batch of plates (QR stickers). */
export const plateBatches = pgTable('plate_batch', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['standard', 'insurance'] })
    .notNull()
    .default('standard'),
  /** Plates of this batch were sold with a registration: registering a bike with one adds its credit. */
  includesRegistration: boolean('includes_registration').notNull().default(false),
  /** The insurer whose plates these are (kind insurance). */
  insurerPartyId: uuid('insurer_party_id').references(() => parties.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** How many plates it holds, kept by a trigger on plate (migration plates): a batch of 100 000 is not counted row by row. */
  plateCount: integer('plate_count').notNull().default(0),
  /** Of those, how many are in each state but free (plateOwnState), kept by the same triggers (migration plate_batch_state_counts). */
  inUseCount: integer('in_use_count').notNull().default(0),
  organisationCount: integer('organisation_count').notNull().default(0),
  shippedCount: integer('shipped_count').notNull().default(0),
});

/** A plate (§3 bikekey_id): unassigned, on a bike, or on equipment. */
export const plates = pgTable(
  'plate',
  {
    /** The printed plate ID, upper case. */
    id: text('id').primaryKey(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => plateBatches.id, { onDelete: 'cascade' }),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    equipmentId: uuid('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The buyer a shipment sent it to (issue 14): theirs, shown under /app/qr-id, until it goes on a bike. */
    ownerPartyId: uuid('owner_party_id').references(() => parties.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The organisation staff gave the plate to (issue 14: a range of a batch), and when. */
    organisationPartyId: uuid('organisation_party_id').references(() => organisations.partyId, { onDelete: 'set null' }),
    organisationAssignedAt: timestamp('organisation_assigned_at', { withTimezone: true }),
  },
  (t) => [
    index('plate_bike_idx').on(t.bikeId),
    index('plate_owner_idx').on(t.ownerPartyId),
    index('plate_equipment_idx').on(t.equipmentId),
    // The backoffice's lists (server/plates/backoffice.ts): a batch's plates in ID order (ranges, pages), by their
    // own state too; and any plate by the beginning of its ID. "C" order, so that a prefix is a range of the index.
    index('plate_batch_id_idx').on(t.batchId, sql`(${t.id} collate "C")`),
    index('plate_batch_state_idx').on(t.batchId, plateOwnState(t), sql`(${t.id} collate "C")`),
    index('plate_id_c_idx').on(sql`(${t.id} collate "C")`),
    index('plate_organisation_idx').on(t.organisationPartyId),
    // Search's "did you mean" for a mistyped plate ID; on lower() so that `id = …` keeps the primary key (see bike).
    index('plate_id_trgm_gin').using('gin', sql`lower(${t.id}) gin_trgm_ops`),
  ],
);

/**
 * A plate's state, from its own row (issue 14): on a bike or equipment (in_use, whoever had it before), given to an
 * organisation, sent to a buyer by the backoffice's shipping (owner_party_id: shipped), else free. The one definition:
 * the backoffice's plate lists and counts filter on exactly this expression, which plate_batch_state_idx holds, and
 * shipping takes only plates it calls free.
 */
export function plateOwnState(t: {
  bikeId: AnyPgColumn;
  equipmentId: AnyPgColumn;
  organisationPartyId: AnyPgColumn;
  ownerPartyId: AnyPgColumn;
}) {
  return sql<
    'free' | 'organisation' | 'shipped' | 'in_use'
  >`(case when ${t.bikeId} is not null or ${t.equipmentId} is not null then 'in_use' when ${t.organisationPartyId} is not null then 'organisation' when ${t.ownerPartyId} is not null then 'shipped' else 'free' end)`;
}

/**
 * What happened to a plate (issue 14: its history): put on or taken off a bike or equipment. Written by a trigger on
 * plate (the hand-written part of migration plates), so every area's change is kept without each writing it.
 */
export const plateEvents = pgTable(
  'plate_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    plateId: text('plate_id')
      .notNull()
      .references(() => plates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['on_bike', 'off_bike', 'on_equipment', 'off_equipment'] }).notNull(),
    /** No foreign keys: the history outlives the bike and the equipment. */
    bikeId: uuid('bike_id'),
    equipmentId: uuid('equipment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plate_event_plate_idx').on(t.plateId, t.createdAt)],
);

/** §3 Bike credit: unused while bike_ownership_id is null; assigned through activation. */
export const bikeCredits = pgTable(
  'bike_credit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    bikeOwnershipId: uuid('bike_ownership_id').references(() => bikeOwnerships.id, { onDelete: 'set null' }),
    planType: text('plan_type', { enum: ['SINGLE', 'FAMILY', 'ORGANISATION'] })
      .notNull()
      .default('SINGLE'),
    /**
     * Where it came from: a voucher, a plate sold with a registration, the seed, a purchase, staff, a place on the
     * party's subscription (counted against its plan's limit), a NAF member's extra registration.
     */
    source: text('source', { enum: ['voucher', 'plate', 'seed', 'purchase', 'staff', 'subscription', 'naf'] }).notNull(),
    /** The subscription id at the card payment provider (§3). */
    providerSubscriptionId: text('provider_subscription_id'),
    /** The order that bought it (a refund takes back the unused ones). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The voucher code it was redeemed from (source 'voucher'), so staff see which bike a code ended on. */
    voucherCode: text('voucher_code').references(() => vouchers.code, { onDelete: 'set null' }),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bike_credit_party_idx').on(t.partyId),
    uniqueIndex('bike_credit_ownership_unique').on(t.bikeOwnershipId),
    index('bike_credit_voucher_idx').on(t.voucherCode),
  ],
);

/**
 * A party's subscription (§4): active while current_period_end is in the future; null with credits = VIP. One per
 * party: a second is refused while this one is active. Kept true by the provider's subscription and invoice events.
 */
export const subscriptions = pgTable('subscription', {
  partyId: uuid('party_id')
    .primaryKey()
    .references(() => parties.id, { onDelete: 'cascade' }),
  planType: text('plan_type', { enum: ['SINGLE', 'FAMILY', 'ORGANISATION'] })
    .notNull()
    .default('SINGLE'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  providerSubscriptionId: text('provider_subscription_id'),
  /** The provider's status (active, past_due, canceled, …); null for one made by the seed or staff. */
  providerStatus: text('provider_status'),
  /** Cancelled in the portal: it runs to current_period_end and then ends. */
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** How many bikes it covers per period (SINGLE 1, FAMILY up to its limit, ORGANISATION the bikes paid for). */
  quantity: integer('quantity').notNull().default(1),
  /** The time of the provider event last applied: an older event arriving late changes nothing. */
  providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A party's customer at the payment provider (cus_…), made at its first checkout; the portal opens on it. */
export const paymentCustomers = pgTable('payment_customer', {
  partyId: uuid('party_id')
    .primaryKey()
    .references(() => parties.id, { onDelete: 'cascade' }),
  providerCustomerId: text('provider_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A webshop order (issue 12): priced on the server from product_price, paid through the provider's checkout.
 * pending until the provider confirms; paid (and fulfilled once, fulfilled_at), failed, cancelled (abandoned or
 * expired) or refunded. A plate order's payment is only authorised when paid and captured when shipped.
 */
export const orders = pgTable(
  'webshop_order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who it is for (the person, or the organisation they act as) and who placed it. */
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** The person who placed it (their identity's party). */
    placedByPartyId: uuid('placed_by_party_id').references(() => identities.partyId, { onDelete: 'set null' }),
    /** What it was ordered through (§2 /checkout/{orderFamily}): registration, plates, subscription, organisation … */
    family: text('family').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'cancelled', 'refunded'] })
      .notNull()
      .default('pending'),
    kind: text('kind', { enum: ['one_time', 'subscription'] }).notNull(),
    planType: text('plan_type', { enum: ['SINGLE', 'FAMILY', 'ORGANISATION'] }),
    region: text('region', { enum: ['dk', 'no'] }).notNull(),
    currency: text('currency', { enum: ['DKK', 'NOK'] }).notNull(),
    grossOre: integer('gross_ore').notNull(),
    vatOre: integer('vat_ore').notNull(),
    netOre: integer('net_ore').notNull(),
    /** The bike a registration was bought for (/app/my-bikes/{bikeId}/registration-purchase), else null. */
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    /** The NAF membership number the member discount was applied for, else null. */
    nafMemberNumber: text('naf_member_number'),
    /** The provider (§7 POST /webshop/orders/{provider}) and its references. */
    provider: text('provider', { enum: ['stripe'] })
      .notNull()
      .default('stripe'),
    providerSessionId: text('provider_session_id').unique(),
    providerPaymentIntentId: text('provider_payment_intent_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** manual: authorised at checkout, captured at shipment (plates); automatic otherwise. */
    captureMethod: text('capture_method', { enum: ['automatic', 'manual'] }).notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set in the transaction that grants what was bought: fulfilment happens once. */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webshop_order_party_idx').on(t.partyId, t.createdAt),
    index('webshop_order_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('webshop_order_subscription_idx').on(t.providerSubscriptionId),
    index('webshop_order_payment_intent_idx').on(t.providerPaymentIntentId),
    // The backoffice's order list (issue 14): one status, newest first; every order, newest first.
    index('webshop_order_status_created_idx').on(t.status, t.createdAt, t.id),
    index('webshop_order_created_idx').on(t.createdAt, t.id),
    index('webshop_order_placed_by_idx').on(t.placedByPartyId, t.createdAt),
  ],
);

/** A line of an order, at the price it was sold at (a later price change does not touch it). */
export const orderLines = pgTable(
  'webshop_order_line',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    productPriceId: uuid('product_price_id').references(() => productPrices.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitAmountOre: integer('unit_amount_ore').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    memberDiscountPercent: integer('member_discount_percent'),
    grossOre: integer('gross_ore').notNull(),
    vatOre: integer('vat_ore').notNull(),
    netOre: integer('net_ore').notNull(),
  },
  (t) => [
    uniqueIndex('webshop_order_line_position_unique').on(t.orderId, t.position),
    check('webshop_order_line_quantity', sql`${t.quantity} > 0`),
  ],
);

/** The next receipt number of each seller (dk, no): taken and bumped in the transaction that issues a receipt, so numbers have no gaps. */
export const receiptSeries = pgTable('receipt_series', {
  series: text('series', { enum: ['dk', 'no'] }).primaryKey(),
  nextNumber: integer('next_number').notNull().default(1),
});

/**
 * A receipt (issue 12): for a paid order, or for a subscription's paid renewal invoice. Written once and never
 * changed: the seller, buyer and lines are copied in as they were.
 */
export const receipts = pgTable(
  'receipt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    series: text('series', { enum: ['dk', 'no'] }).notNull(),
    number: integer('number').notNull(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id'),
    /** The provider's invoice a subscription renewal's receipt is for; one receipt per invoice. */
    providerInvoiceId: text('provider_invoice_id').unique(),
    currency: text('currency', { enum: ['DKK', 'NOK'] }).notNull(),
    grossOre: integer('gross_ore').notNull(),
    vatOre: integer('vat_ore').notNull(),
    netOre: integer('net_ore').notNull(),
    /** { name, vatId } as printed: the seller's name and CVR (dk) or organisation number followed by MVA (no). */
    seller: jsonb('seller').notNull(),
    /** { name, email, address } as printed. */
    buyer: jsonb('buyer').notNull(),
    /** [{ name, quantity, unitAmountOre, vatRatePercent, grossOre, vatOre, netOre }] as printed. */
    lines: jsonb('lines').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipt_series_number_unique').on(t.series, t.number),
    uniqueIndex('receipt_order_unique').on(t.orderId).where(sql`${t.providerInvoiceId} is null`),
    index('receipt_party_idx').on(t.partyId, t.issuedAt),
  ],
);

/**
 * A shipment (issue 12): each plate line of a paid order is sent to the profile's address: ordered, then shipped
 * with the plate IDs that went in the envelope (assigned to the buyer; the payment is captured then), then delivered.
 * Staff ship them in the backoffice (issue 14).
 */
export const shipments = pgTable(
  'shipment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The plate line of an order it sends; or, for insurance plates, the policy they are for. */
    orderLineId: uuid('order_line_id')
      .unique()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id').references(() => insurancePolicies.id, { onDelete: 'cascade' }),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['ordered', 'shipped', 'delivered', 'cancelled'] })
      .notNull()
      .default('ordered'),
    /** { name, address, postalCode, city, country } copied from the profile when the order was paid. */
    address: jsonb('address').notNull(),
    plateIds: text('plate_ids').array().notNull().default(sql`'{}'::text[]`),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the order's card payment was authorised, while it waits to be taken at dispatch (it lapses 7 days on). */
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipment_status_idx').on(t.status, t.createdAt),
    // The backoffice's "to ship": the authorisations nearest to lapsing first, then what has no payment (issue 14); the
    // same expression as its keyset order (webshop/backoffice-orders.ts), so that a page is a walk from the cursor.
    index('shipment_to_ship_idx').on(t.status, sql`coalesce(${t.authorisedAt}, 'infinity'::timestamptz)`, t.createdAt, t.id),
    // The backoffice's shipped and delivered lists, newest sent first (issue 14), with the id that breaks ties.
    index('shipment_status_shipped_idx').on(t.status, t.shippedAt, t.id),
    index('shipment_party_idx').on(t.partyId),
    check('shipment_of_order_or_policy', sql`(${t.orderLineId} is null) <> (${t.policyId} is null)`),
  ],
);

/**
 * A party's NAF membership (§1, §5, §7 NAF calls): the number, checked by the membership rule; its member discount
 * applies to the orders it places, and it gives one extra bike registration, claimed once per number.
 */
export const nafMemberships = pgTable('naf_membership', {
  partyId: uuid('party_id')
    .primaryKey()
    .references(() => parties.id, { onDelete: 'cascade' }),
  memberNumber: text('member_number').notNull(),
  extraRegistrationClaimedAt: timestamp('extra_registration_claimed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A batch of single-use voucher codes staff made in the backoffice (issue 14): what each gives, until when. */
export const voucherBatches = pgTable('voucher_batch', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  count: integer('count').notNull(),
  credits: integer('credits').notNull(),
  planType: text('plan_type', { enum: ['SINGLE', 'FAMILY', 'ORGANISATION'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdByPartyId: uuid('created_by_party_id').references(() => identities.partyId, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A voucher code that redeems into credits (created by the seed, a command, and staff in batches). */
export const vouchers = pgTable(
  'voucher',
  {
    /** Upper case. */
    code: text('code').primaryKey(),
    /** The backoffice batch it belongs to; null for one made by the seed or the command. */
    batchId: uuid('batch_id').references(() => voucherBatches.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull().default(1),
    planType: text('plan_type', { enum: ['SINGLE', 'FAMILY', 'ORGANISATION'] })
      .notNull()
      .default('SINGLE'),
    maxRedemptions: integer('max_redemptions').notNull().default(1),
    redemptions: integer('redemptions').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voucher_batch_idx').on(t.batchId)],
);

/**
 * Webhook events from the payment provider (Stripe, or the development provider), each stored once under its
 * event id as it arrived (verified); fulfilment works through the rows without processed_at.
 */
export const paymentEvents = pgTable(
  'payment_event',
  {
    /** The provider's event id (evt_…). */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Failed fulfilment attempts and the last error: retried with back-off, visible to staff. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('payment_event_unprocessed_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`)],
);

/**
 * The development payment provider's own objects (checkout sessions …), kept as its API shows them; the product
 * never reads this table, only the provider served under /dev-pay does (through the Stripe SDK, like Stripe's).
 */
export const devPaymentObjects = pgTable('dev_payment_object', {
  /** Stripe-shaped: cs_test_… */
  id: text('id').primaryKey(),
  object: text('object').notNull(),
  /** open, complete or expired: changed by a conditional update, so a session completes once. */
  status: text('status').notNull(),
  /** The object as the API answers it. */
  data: jsonb('data').notNull(),
  /** What the provider keeps to itself: the line items, the capture method. */
  internal: jsonb('internal').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const voucherRedemptions = pgTable(
  'voucher_redemption',
  {
    code: text('code')
      .notNull()
      .references(() => vouchers.code, { onDelete: 'cascade' }),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.partyId] })],
);

/**
 * The webshop's products (issue 12): a registration (one bike credit), an extra plate, and the subscriptions.
 * Seeded at start (webshop/catalogue-seed.ts); what a product is does not change per region, its price does.
 */
export const products = pgTable('product', {
  code: text('code', {
    enum: ['registration', 'extra_plate', 'subscription_single', 'subscription_family', 'subscription_organisation'],
  }).primaryKey(),
  kind: text('kind', { enum: ['one_time', 'subscription'] }).notNull(),
  /** Subscriptions: the plan they give (§3 plan_type); null for one-time products. */
  planType: text('plan_type', { enum: ['SINGLE', 'FAMILY', 'ORGANISATION'] }),
  /** Subscriptions: the billing interval; null for one-time products. */
  billingInterval: text('billing_interval', { enum: ['year'] }),
  /** The most of it one order may hold. */
  maxQuantity: integer('max_quantity').notNull(),
  /** The order the webshop lists products in. */
  position: integer('position').notNull(),
});

/**
 * A product's price in a region, in øre including VAT. One active price per product and region (a partial unique
 * index); a price change adds a row and deactivates the old one, so orders keep pointing at what they were sold at.
 */
export const productPrices = pgTable(
  'product_price',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code, { onDelete: 'cascade' }),
    region: text('region', { enum: ['dk', 'no'] }).notNull(),
    currency: text('currency', { enum: ['DKK', 'NOK'] }).notNull(),
    unitAmountOre: integer('unit_amount_ore').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    /** The NAF member discount in percent where it applies, else null. */
    memberDiscountPercent: integer('member_discount_percent'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_price_active_unique').on(t.productCode, t.region).where(sql`${t.active}`),
    check(
      'product_price_currency_of_region',
      sql`(${t.region} = 'dk' and ${t.currency} = 'DKK') or (${t.region} = 'no' and ${t.currency} = 'NOK')`,
    ),
    check('product_price_amount', sql`${t.unitAmountOre} >= 0`),
    check('product_price_vat_rate', sql`${t.vatRatePercent} between 0 and 100`),
    check('product_price_member_discount', sql`${t.memberDiscountPercent} between 0 and 100`),
  ],
);

/** §3 Equipment: batteries, locks and accessories of a bike. */
export const equipment = pgTable(
  'equipment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    itemTypeMemo: text('item_type_memo', { enum: ['battery', 'lock', 'accessory'] })
      .notNull()
      .default('battery'),
    note: text('note'),
    serialNumbers: text('serial_numbers').array().notNull().default(sql`'{}'::text[]`),
    dnaPasteIds: text('dna_paste_ids').array().notNull().default(sql`'{}'::text[]`),
    manufacturerName: text('manufacturer_name'),
    productName: text('product_name'),
    /** Lock: the frame number on the certificate matches the bike's. */
    frameNumberMatch: boolean('frame_number_match'),
    /** Lock: the certificate is stamped/signed by the dealer. */
    hasSignature: boolean('has_signature'),
    varefaktaNumber: text('varefakta_number'),
    /** Lock: certificate date, ISO date. */
    lockDate: text('lock_date'),
    physicalKeyNumber: text('physical_key_number'),
    lockTypeMemo: text('lock_type_memo', { enum: ['padlock', 'folding', 'ring', 'chain', 'click'] }),
    /** Accessory: its type (free text: child seat, basket, lights …). */
    accessoryType: text('accessory_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('equipment_bike_idx').on(t.bikeId)],
);

/** A picture of a bike (§3): only the public one is shown to strangers. */
export const pictures = pgTable(
  'picture',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    /** The ownership it was added under: a new owner does not get the old owner's pictures unless handed over. */
    ownershipId: uuid('ownership_id').references(() => bikeOwnerships.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['frame_number', 'plate', 'public', 'receipt', 'lock_proof'] }).notNull(),
    /** Storage keys of the re-encoded picture and its thumbnail. */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    /** A 64-bit perceptual hash (hex) of the picture: the same picture reused on another bike is a fraud signal. Null for older pictures. */
    perceptualHash: text('perceptual_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('picture_bike_idx').on(t.bikeId, t.kind), index('picture_perceptual_hash_idx').on(t.perceptualHash)],
);

/** A document of a bike or of one of its pieces of equipment (§3: receipt, form, lock certificate, other). */
export const documents = pgTable(
  'document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    equipmentId: uuid('equipment_id').references(() => equipment.id, { onDelete: 'cascade' }),
    ownershipId: uuid('ownership_id').references(() => bikeOwnerships.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['receipt', 'form', 'lock_certificate', 'other'] }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_bike_idx').on(t.bikeId), index('document_equipment_idx').on(t.equipmentId)],
);

/** Files whose rows are gone, removed from storage after the transaction commits (and retried). */
export const storageTrash = pgTable('storage_trash', {
  storageKey: text('storage_key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Messaging and ownership (issue 5). A chat is about a subject (a bike); its participants are the
// subject's owner and the one who wrote first, who stay anonymous to each other (§1).

export const chats = pgTable(
  'chat',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectKind: text('subject_kind', { enum: ['bike'] })
      .notNull()
      .default('bike'),
    /** The subject bike; kept (set null) if the bike is deleted, so the conversation survives. */
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    /** contact: anyone writing to an owner (§1); ownership_request: someone asking for the bike (§2); support: a person and the staff (issue 14, no bike). */
    kind: text('kind', { enum: ['contact', 'ownership_request', 'support'] })
      .notNull()
      .default('contact'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_bike_idx').on(t.bikeId)],
);

export const chatParticipants = pgTable(
  'chat_participant',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** owner: the subject bike's owner when the chat began; sender: the one who wrote first. */
    role: text('role', { enum: ['owner', 'sender'] }).notNull(),
    /** Messages after this are unread (null: none read). */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** The last "you have unread messages" mail (at most one per conversation per hour). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** This participant chose to show their email (and phone) to the other. */
    sharesContact: boolean('shares_contact').notNull().default(false),
    /** Hidden from this participant's inbox (archived); a new message brings it back. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.partyId] }), index('chat_participant_party_idx').on(t.partyId)],
);

export const chatMessages = pgTable(
  'chat_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** Null for a message the system writes (e.g. "ownership request accepted"). */
    senderPartyId: uuid('sender_party_id').references(() => parties.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['text', 'system'] })
      .notNull()
      .default('text'),
    content: text('content').notNull(),
    /** A place the sender shares (e.g. where a stolen bike stands), WGS84 degrees. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** What the sender called the place (an address, a landmark); null when they did not say. */
    placeLabel: text('place_label'),
    /** A photo with the message, re-encoded like bike pictures (storage keys). */
    photoKey: text('photo_key'),
    photoThumbnailKey: text('photo_thumbnail_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_message_chat_idx').on(t.chatId, t.createdAt)],
);

/** One person blocking another: no new conversations or messages from the blocked one. */
export const chatBlocks = pgTable(
  'chat_block',
  {
    blockerPartyId: uuid('blocker_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    blockedPartyId: uuid('blocked_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** The conversation the block was made from (to show and undo it there). */
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerPartyId, t.blockedPartyId] })],
);

/**
 * A ticket for staff: a reported conversation (chat_report), or a conversation with support (support, issue 14:
 * the reporter is the person writing, or a visitor's own party without an identity; one per party).
 */
export const tickets = pgTable(
  'ticket',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['chat_report', 'support'] }).notNull(),
    reporterPartyId: uuid('reporter_party_id').references(() => parties.id, { onDelete: 'set null' }),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The staff member handling it (null: nobody yet). */
    assigneePartyId: uuid('assignee_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** A visitor's support ticket: the email and name they gave (unverified) and the language they wrote in. */
    visitorEmail: text('visitor_email'),
    visitorName: text('visitor_name'),
    language: text('language', { enum: ['da', 'en', 'no'] }),
  },
  (t) => [
    index('ticket_status_idx').on(t.status, t.createdAt),
    index('ticket_assignee_idx').on(t.assigneePartyId, t.status),
    uniqueIndex('ticket_support_party_unique').on(t.reporterPartyId).where(sql`${t.kind} = 'support'`),
  ],
);

/** Answers staff pick from when replying to a support ticket (issue 14), in the three languages. */
export const supportCannedReplies = pgTable('support_canned_reply', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  bodyDa: text('body_da').notNull(),
  bodyEn: text('body_en').notNull(),
  bodyNo: text('body_no').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Handing a bike over (§2 transfer-ownership / receive-bike): the owner names the recipient's email;
 * the recipient accepts through a link; the old ownership ends and a new one starts.
 */
export const ownershipTransfers = pgTable(
  'ownership_transfer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    fromOwnershipId: uuid('from_ownership_id')
      .notNull()
      .references(() => bikeOwnerships.id, { onDelete: 'cascade' }),
    fromPartyId: uuid('from_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    toEmail: text('to_email').notNull(),
    /** Set when the recipient accepts (or when the transfer comes from an ownership request). */
    toPartyId: uuid('to_party_id').references(() => parties.id, { onDelete: 'set null' }),
    toOwnershipId: uuid('to_ownership_id').references(() => bikeOwnerships.id, { onDelete: 'set null' }),
    /** Hash of the secret in the recipient's email link. */
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    handOverPictures: boolean('hand_over_pictures').notNull().default(false),
    handOverDocuments: boolean('hand_over_documents').notNull().default(false),
    priceDkk: integer('price_dkk'),
    /** The ownership request (a chat) this transfer answers, if any. */
    requestChatId: uuid('request_chat_id').references(() => chats.id, { onDelete: 'set null' }),
    /** Each side's confirmation through national ID (an approval); both → a bill of sale. */
    sellerApprovedAt: timestamp('seller_approved_at', { withTimezone: true }),
    buyerApprovedAt: timestamp('buyer_approved_at', { withTimezone: true }),
    /** The signed bill of sale (PDF in storage) and its SHA-256, once both confirmed. */
    billOfSaleKey: text('bill_of_sale_key'),
    billOfSaleSha256: text('bill_of_sale_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ownership_transfer_token_unique').on(t.tokenHash),
    // One pending transfer per bike at a time.
    uniqueIndex('ownership_transfer_pending_unique').on(t.bikeId).where(sql`${t.status} = 'pending'`),
    index('ownership_transfer_from_idx').on(t.fromPartyId, t.createdAt),
    index('ownership_transfer_to_idx').on(t.toPartyId, t.createdAt),
  ],
);

/** Someone holding a bike registered to another asks for it (§2 request-ownership); the talk is a chat. */
export const ownershipRequests = pgTable(
  'ownership_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    requesterPartyId: uuid('requester_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    ownerPartyId: uuid('owner_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'withdrawn'] })
      .notNull()
      .default('pending'),
    transferId: uuid('transfer_id').references(() => ownershipTransfers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ownership_request_pending_unique').on(t.bikeId, t.requesterPartyId).where(sql`${t.status} = 'pending'`),
    index('ownership_request_owner_idx').on(t.ownerPartyId, t.createdAt),
  ],
);

/**
 * The owner proves they hold the bike (§2 verify-ownership): a picture of the frame number, then
 * national ID; the bike then shows "registered to an ID-verified owner" until it changes hands.
 */
export const ownershipVerifications = pgTable(
  'ownership_verification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    ownershipId: uuid('ownership_id')
      .notNull()
      .references(() => bikeOwnerships.id, { onDelete: 'cascade' }),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** The frame-number picture given as proof. */
    framePictureId: uuid('frame_picture_id').references(() => pictures.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['frame_pending', 'owner_pending', 'verified', 'rejected'] })
      .notNull()
      .default('frame_pending'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Staff who rejected it, and why. */
    rejectedByPartyId: uuid('rejected_by_party_id'),
    rejectReason: text('reject_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ownership_verification_bike_idx').on(t.bikeId, t.createdAt), index('ownership_verification_status_idx').on(t.status)],
);

/** A time-limited public link for a sales ad (selling proof): valid while the ownership lasts and the bike is not stolen. */
export const salesLinks = pgTable(
  'sales_link',
  {
    /** The random token in the public address. */
    id: text('id').primaryKey(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    ownershipId: uuid('ownership_id')
      .notNull()
      .references(() => bikeOwnerships.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sales_link_bike_idx').on(t.bikeId)],
);

/** Every state change of a bike (who, when, what), shown on its history (issue 5). */
export const bikeEvents = pgTable(
  'bike_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Who did it; null for the system. No foreign key: the record outlives the person. */
    actorPartyId: uuid('actor_party_id'),
    /** Which ownership it happened under (to show each owner only their own part, and the handovers). */
    ownershipId: uuid('ownership_id'),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bike_event_bike_idx').on(t.bikeId, t.createdAt)],
);

// ---- Theft and recovery (issue 6) ----

/**
 * A filed stolen report (§3 Stolen report draft): one open per stolen bike; reporting found deletes it (§4), or marks
 * it found when an insurance claim holds it (the claim's dossier must still open).
 * The CPR number is sealed with encryptField; the exact place is for the owner, the police report and
 * the insurer it is shared with; the map and search read only the public ~1 km place.
 */
export const theftReports = pgTable(
  'theft_report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    /** The ownership it was filed under: a later owner does not see it. */
    ownershipId: uuid('ownership_id')
      .notNull()
      .references(() => bikeOwnerships.id, { onDelete: 'cascade' }),
    reporterPartyId: uuid('reporter_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    zipCode: text('zip_code').notNull(),
    mobile: text('mobile').notNull(),
    telephone: text('telephone'),
    floor: text('floor'),
    side: text('side'),
    door: text('door'),
    cprEncrypted: text('cpr_encrypted').notNull(),
    frameNumber: text('frame_number').notNull(),
    bikeCategory: text('bike_category').notNull(),
    isElectric: boolean('is_electric').notNull(),
    bikeColor: text('bike_color').notNull(),
    lockStatus: text('lock_status', { enum: ['locked_to_object', 'locked', 'unlocked'] }).notNull(),
    batteryLocation: text('battery_location', { enum: ['possession', 'integrated'] }),
    timeLastSeen: timestamp('time_last_seen', { withTimezone: true }).notNull(),
    notedTime: timestamp('noted_time', { withTimezone: true }).notNull(),
    place: text('place').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** The public ~1 km cell (domain/theft.ts publicLocation) and its centre. */
    locationId: text('location_id').notNull(),
    publicLatitude: doublePrecision('public_latitude').notNull(),
    publicLongitude: doublePrecision('public_longitude').notNull(),
    region: text('region', { enum: ['dk', 'no'] }).notNull(),
    isCulpritKnown: boolean('is_culprit_known').notNull(),
    isCulpritRecognizable: boolean('is_culprit_recognizable').notNull(),
    culpritInfo: text('culprit_info'),
    hasWitness: boolean('has_witness').notNull(),
    witnesses: text('witnesses'),
    isInsured: boolean('is_insured').notNull(),
    insurerPartyId: uuid('insurer_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** The insurer's name when the owner chose one outside the register ("other"); then nothing is shared. */
    otherInsurerName: text('other_insurer_name'),
    bikePrice: integer('bike_price').notNull(),
    policeReportRequested: boolean('police_report_requested').notNull(),
    /** When the report was shared with the insurer (insured, and acknowledged by the owner). */
    sharedWithInsurerAt: timestamp('shared_with_insurer_at', { withTimezone: true }),
    /** Set when the bike is reported found while an insurance claim holds the report (its dossier); otherwise found deletes it. */
    foundAt: timestamp('found_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Staff's review for the public stolen-bike map (issue 14): new (waiting), approved (on the map), hidden (with a
     * reason) or merged into another report of the same bike or frame number. Only the map reads it: the bike is
     * stolen for search, plate scans, its owner and insurers whatever staff decide.
     */
    reviewState: text('review_state', { enum: ['new', 'approved', 'hidden', 'merged'] })
      .notNull()
      .default('new'),
    reviewReason: text('review_reason'),
    mergedIntoReportId: uuid('merged_into_report_id').references((): AnyPgColumn => theftReports.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedByPartyId: uuid('reviewed_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** The zip code of the place (the last "1234 Town" in it), for staff's area filter; derived, so never out of step. */
    placePostalCode: text('place_postal_code').generatedAlwaysAs(
      sql.raw(
        String.raw`coalesce(substring(place from '(?:^|[\s,;])(?:(?:DK|NO|N)-)?([0-9]{4})\s+[[:alpha:]][^,;]*$'), substring(place from '(?:^|[\s,;])(?:(?:DK|NO|N)-)?([0-9]{4})\s+[[:alpha:]]'))`,
      ),
    ),
    /** The frame number as typed in the report, in a plain normal form (no spaces or dashes, upper case): finds duplicates. */
    frameNumberKey: text('frame_number_key').generatedAlwaysAs(
      sql.raw(String.raw`upper(regexp_replace(frame_number, '[\s./\\_-]', '', 'g'))`),
    ),
  },
  (t) => [
    uniqueIndex('theft_report_bike_unique').on(t.bikeId).where(sql`${t.foundAt} is null`),
    // Staff's queue (backoffice/stolen-reports.ts): open reports by state, newest first; and duplicates by frame number.
    index('theft_report_review_idx').on(t.reviewState, t.createdAt).where(sql`${t.foundAt} is null`),
    index('theft_report_frame_key_idx').on(t.frameNumberKey),
    index('theft_report_noted_idx').on(t.notedTime),
    index('theft_report_insurer_idx').on(t.insurerPartyId),
  ],
);

/**
 * One row whose version goes up in the transaction of every change to the set of stolen bikes (report,
 * found, deletion), so every instance knows its cached map is stale with one primary-key read.
 */
export const stolenMapVersion = pgTable('stolen_map_version', {
  id: integer('id').primaryKey().default(1),
  version: integer('version').notNull().default(0),
});

// ---- Insurance (issue 13) ----

/**
 * An insurance policy (§7 Insurance): an insurer's, held by a party (a person, or none yet while the insurer has
 * pre-registered it for a customer to claim), of a type and coverage, for a number of bikes. The insurer's own
 * policy number is unique per insurer.
 */
/** When the holder acknowledged each of the onboarding's statements (ISO times; absent: not given). */
export interface PolicyAcknowledgements {
  privacy?: string;
  data_share?: string;
  ownership_transfer?: string;
}

export const insurancePolicies = pgTable(
  'insurance_policy',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    insurerPartyId: uuid('insurer_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    holderPartyId: uuid('holder_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** The insurer's policy number (what the customer reads on their papers). */
    insurerPolicyId: text('insurer_policy_id').notNull(),
    type: text('type', { enum: ['bike', 'contents'] }).notNull(),
    /** The coverage as the insurer names it (e.g. basic, plus). */
    coverage: text('coverage').notNull(),
    numberOfBikes: integer('number_of_bikes').notNull().default(1),
    /** pre_registered: made by the insurer, not yet claimed by its customer; active; cancelled. */
    status: text('status', { enum: ['pre_registered', 'active', 'cancelled'] })
      .notNull()
      .default('active'),
    /** How it came to the register: the insurer, the onboarding, a sign-up's member reference, the Danish sign-up. */
    source: text('source', { enum: ['insurer', 'onboarding', 'signup', 'purchase'] }).notNull(),
    /** What the insurer knows of a pre-registered policy's customer (email, name, address, frame number): the lookup's and onboarding's autofill. */
    preRegistration: jsonb('pre_registration'),
    /**
     * What the holder acknowledged when taking it out (§3 onboarding draft: acknowledgement_privacy, _data_share,
     * _ownership_transfer), each as the time it was given: { privacy: iso, data_share: iso, ownership_transfer?: iso }.
     */
    acknowledgements: jsonb('acknowledgements').$type<PolicyAcknowledgements>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('insurance_policy_number_unique').on(t.insurerPartyId, t.insurerPolicyId),
    index('insurance_policy_holder_idx').on(t.holderPartyId),
    check('insurance_policy_bikes', sql`${t.numberOfBikes} between 0 and 100`),
  ],
);

/** A bike under a policy (§3 insured item), with what the insurer needs to trust it: possession and the lock. */
export const insuredItems = pgTable(
  'insured_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => insurancePolicies.id, { onDelete: 'cascade' }),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    possessionStatus: text('possession_status', { enum: ['missing', 'submitted', 'approved', 'rejected'] })
      .notNull()
      .default('missing'),
    lockStatus: text('lock_status', { enum: ['missing', 'submitted', 'approved', 'rejected'] })
      .notNull()
      .default('missing'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('insured_item_policy_bike_unique').on(t.policyId, t.bikeId), index('insured_item_bike_idx').on(t.bikeId)],
);

/**
 * An owner's proof of possession for an insurer (/insurance/{insurerPartyId}/verify-bike-possession): pictures of
 * the frame number and the plate, and the receipt, with the details given. Staff review it (issue 14 builds the
 * queue: held_by / held_until keep two reviewers off one item); the insurer and the owner see the outcome.
 */
export const possessionVerifications = pgTable(
  'possession_verification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    insurerPartyId: uuid('insurer_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    insuredItemId: uuid('insured_item_id').references(() => insuredItems.id, { onDelete: 'set null' }),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    ownerPartyId: uuid('owner_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    frameNumberPictureId: uuid('frame_number_picture_id').references(() => pictures.id, { onDelete: 'set null' }),
    platePictureId: uuid('plate_picture_id').references(() => pictures.id, { onDelete: 'set null' }),
    receiptDocumentId: uuid('receipt_document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** The frame number and plate ID as the owner gave them, and the contact details (the §3 verification autofill's fields). */
    frameNumber: text('frame_number').notNull(),
    plateId: text('plate_id'),
    details: jsonb('details').notNull(),
    status: text('status', { enum: ['submitted', 'approved', 'rejected'] })
      .notNull()
      .default('submitted'),
    rejectionReason: text('rejection_reason'),
    reviewedByPartyId: uuid('reviewed_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** What the reviewer's steps found (frame number, plate, purchase date, price: matches, differs or missing). */
    reviewChecks: jsonb('review_checks'),
    heldByPartyId: uuid('held_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('possession_verification_insurer_idx').on(t.insurerPartyId, t.status, t.createdAt),
    index('possession_verification_bike_idx').on(t.bikeId),
    // The staff queue's "oldest waiting" across insurers (issue 14).
    index('possession_verification_waiting_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'submitted'`),
  ],
);

/** An owner's answers to an insurer's lock test (/insurance/{insurerPartyId}/lock-test-portal); the insurer approves it or not. */
export const lockTestResponses = pgTable(
  'lock_test_response',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    insurerPartyId: uuid('insurer_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id').references(() => insurancePolicies.id, { onDelete: 'set null' }),
    ownerPartyId: uuid('owner_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    lockType: text('lock_type').notNull(),
    brand: text('brand').notNull(),
    model: text('model'),
    keyNumber: text('key_number'),
    varefaktaNumber: text('varefakta_number'),
    certificateDate: date('certificate_date'),
    frameNumberMatches: boolean('frame_number_matches').notNull(),
    stampedByDealer: boolean('stamped_by_dealer').notNull(),
    certificateDocumentId: uuid('certificate_document_id').references(() => documents.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['submitted', 'approved', 'rejected'] })
      .notNull()
      .default('submitted'),
    rejectionReason: text('rejection_reason'),
    reviewedByPartyId: uuid('reviewed_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lock_test_response_insurer_idx').on(t.insurerPartyId, t.status, t.createdAt)],
);

/**
 * A claim: a stolen report shared with its insurer becomes one (received → in_review → approved → paid, or
 * rejected with a reason). It keeps what it is about even if the report goes (a bike found again).
 */
export const insuranceClaims = pgTable(
  'insurance_claim',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    insurerPartyId: uuid('insurer_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    theftReportId: uuid('theft_report_id').references(() => theftReports.id, { onDelete: 'set null' }),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    ownerPartyId: uuid('owner_party_id').references(() => parties.id, { onDelete: 'set null' }),
    policyId: uuid('policy_id').references(() => insurancePolicies.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['received', 'in_review', 'approved', 'paid', 'rejected'] })
      .notNull()
      .default('received'),
    rejectionReason: text('rejection_reason'),
    /** The owner agreed that the registration moves to the insurer on compensation (§3 acknowledgement_ownership_transfer). */
    ownershipTransferAgreed: boolean('ownership_transfer_agreed').notNull().default(false),
    ownershipTransferredAt: timestamp('ownership_transferred_at', { withTimezone: true }),
    /**
     * What the insurer's list searches: the report's frame number and owner's name, lower-cased. Kept on the claim so
     * a search walks only that insurer's claims, without the reports; the database keeps it in step with the
     * report (triggers in migration 0020), so no code path can forget it.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('insurance_claim_report_unique').on(t.theftReportId),
    index('insurance_claim_insurer_idx').on(t.insurerPartyId, t.status, t.createdAt),
    // The insurer's list in any state, newest first (a page of ids read from the index alone).
    index('insurance_claim_insurer_created_idx').on(t.insurerPartyId, t.createdAt, t.id),
    index('insurance_claim_owner_idx').on(t.ownerPartyId),
    // Part of a frame number is selective: the trigram index finds its few claims, the insurer's own index the rest.
    index('insurance_claim_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Each step of a claim: who moved it where, when, and why (the reason of a rejection). */
export const insuranceClaimEvents = pgTable(
  'insurance_claim_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => insuranceClaims.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['received', 'in_review', 'approved', 'paid', 'rejected'] }).notNull(),
    actorPartyId: uuid('actor_party_id').references(() => parties.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('insurance_claim_event_claim_idx').on(t.claimId, t.createdAt)],
);

/**
 * The Danish insurance sign-up (§2 /forsikrings-indtegning, §3 Insurance purchase): the basket of bikes with their
 * premiums and the checkout's details; the CPR number sealed with encryptField like every other.
 */
export const insurancePurchases = pgTable(
  'insurance_purchase',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partyId: uuid('party_id').references(() => parties.id, { onDelete: 'set null' }),
    insurerPartyId: uuid('insurer_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** [{ id, bikePrice, bikeType, bikeIsElectric, bikePurchaseDate, coverage, premiumOre }] as ordered. */
    basket: jsonb('basket').notNull(),
    /** The checkout's fields but the CPR number: name, email, address, floor, side, door, mobile, other phone, bank. */
    checkout: jsonb('checkout').notNull(),
    cprEncrypted: text('cpr_encrypted').notNull(),
    premiumOre: integer('premium_ore').notNull(),
    policyId: uuid('policy_id').references(() => insurancePolicies.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('insurance_purchase_party_idx').on(t.partyId)],
);

/**
 * Shops and partners that sell plates (issue 15), listed and mapped at /find-distributor and kept by staff in the
 * backoffice. `search_city` is the city in the normal form of domain/distributors.ts (lower case, no diacritics), so
 * "tromso" finds Tromsø with a plain prefix match.
 */
export const distributors = pgTable(
  'distributor',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    street: text('street').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    searchCity: text('search_city').notNull(),
    region: text('region', { enum: ['dk', 'no'] }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone'),
    website: text('website'),
    /** What it sells: values of DISTRIBUTOR_OFFERS (domain/distributors.ts). */
    offers: text('offers').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('distributor_postcode_idx').on(t.region, t.postcode), index('distributor_city_idx').on(t.region, t.searchCity)],
);

/**
 * One address's newsletter subscription (issue 15): pending until the link mailed to it is followed (double opt-in),
 * then confirmed, until unsubscribed. The consent is the text the person agreed to (its catalog key and version).
 * The one truth of the newsletter consent: a signed-in person's `newsletter` consent is read from and written to
 * this row (newsletter/service.ts). The unsubscribe token goes in every newsletter mail, so it is kept as it is.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower case. */
    email: text('email').notNull(),
    partyId: uuid('party_id').references(() => parties.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['da', 'en', 'no'] }).notNull(),
    region: text('region', { enum: ['dk', 'no'] }).notNull(),
    state: text('state', { enum: ['pending', 'confirmed', 'unsubscribed'] }).notNull(),
    consentTextKey: text('consent_text_key').notNull(),
    consentTextVersion: text('consent_text_version').notNull(),
    /** SHA-256 of the confirmation link's token; kept while confirmed (a second click answers "confirmed"). */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscription_email_unique').on(t.email),
    uniqueIndex('newsletter_subscription_unsubscribe_unique').on(t.unsubscribeToken),
    uniqueIndex('newsletter_subscription_confirm_unique').on(t.confirmTokenHash),
    index('newsletter_subscription_party_idx').on(t.partyId),
    index('newsletter_subscription_state_idx').on(t.state),
  ],
);

/**
 * A flow's definition (issue 16), one row per version of a memo: staff edit the draft, publish it (the published
 * version before it is retired in the same transaction, so a memo has at most one published version), or retire
 * it. The JSON is domain/flows.ts flowDefinitionSchema, checked by checkFlowDefinition before it is saved.
 */
export const flowDefinitions = pgTable(
  'flow_definition',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memo: text('memo').notNull(),
    version: integer('version').notNull(),
    status: text('status', { enum: ['draft', 'published', 'retired'] })
      .notNull()
      .default('draft'),
    definition: jsonb('definition').notNull(),
    createdByPartyId: uuid('created_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('flow_definition_memo_version_unique').on(t.memo, t.version),
    uniqueIndex('flow_definition_one_published').on(t.memo).where(sql`${t.status} = 'published'`),
    uniqueIndex('flow_definition_one_draft').on(t.memo).where(sql`${t.status} = 'draft'`),
  ],
);

/**
 * Someone's answers to one version of a flow: a signed-in person's draft on the server (one per person and memo,
 * so it can be finished on another device), then submitted. A visitor's draft stays in their browser; their
 * submission is stored with no party. `result` is what the flow's end computed (FLOW_RESULTS), kept as answered.
 */
export const flowResponses = pgTable(
  'flow_response',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flowDefinitionId: uuid('flow_definition_id')
      .notNull()
      .references(() => flowDefinitions.id, { onDelete: 'restrict' }),
    memo: text('memo').notNull(),
    partyId: uuid('party_id').references(() => parties.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['draft', 'submitted'] })
      .notNull()
      .default('draft'),
    answers: jsonb('answers').notNull().default({}),
    currentStep: text('current_step'),
    result: jsonb('result'),
    language: text('language', { enum: ['da', 'en', 'no'] })
      .notNull()
      .default('da'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('flow_response_one_draft').on(t.partyId, t.memo).where(sql`${t.status} = 'draft'`),
    index('flow_response_submitted_idx').on(t.memo, t.submittedAt),
    index('flow_response_definition_idx').on(t.flowDefinitionId),
  ],
);

/** A place with smart locks (issue 16), owned by an organisation; `access` is domain/docks.ts DockAccess. */
export const docks = pgTable(
  'dock',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerPartyId: uuid('owner_party_id')
      .notNull()
      .references(() => organisations.partyId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    access: text('access', { enum: ['members', 'everyone'] })
      .notNull()
      .default('members'),
    /** Listed in the public GBFS feed. */
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dock_owner_idx').on(t.ownerPartyId)],
);

/**
 * A smart lock in a dock. The device authenticates with its id and a secret whose hash is kept here. The desired
 * state (what the last command asked) and the reported one (what the lock last said) are kept apart; the occupant
 * is who locked the bike that is in it, by the command that closed it.
 */
export const locks = pgTable(
  'lock',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dockId: uuid('dock_id')
      .notNull()
      .references(() => docks.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    secretHash: text('secret_hash').notNull(),
    desiredState: text('desired_state', { enum: ['open', 'closed'] }),
    reportedState: text('reported_state', { enum: ['open', 'closed'] }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    connected: boolean('connected').notNull().default(false),
    occupantPartyId: uuid('occupant_party_id').references(() => parties.id, { onDelete: 'set null' }),
    occupantBikeId: uuid('occupant_bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    /** The sequence number of the last state report applied in the device's current connection (older ones are ignored). */
    reportedSeq: integer('reported_seq'),
    /** The device connection that holds the lock now (server/docks/device-hub.ts): a close of an older one changes nothing. */
    connectionId: uuid('connection_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lock_dock_label_unique').on(t.dockId, t.label)],
);

/** A command to a lock and how it went (domain/docks.ts): one in progress (sent or received) per lock. */
export const lockCommands = pgTable(
  'lock_command',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lockId: uuid('lock_id')
      .notNull()
      .references(() => locks.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['lock', 'unlock'] }).notNull(),
    partyId: uuid('party_id').references(() => parties.id, { onDelete: 'set null' }),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['sent', 'received', 'done', 'failed'] })
      .notNull()
      .default('sent'),
    failure: text('failure', { enum: ['timeout', 'device_error', 'offline'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('lock_command_one_pending').on(t.lockId).where(sql`${t.status} in ('sent', 'received')`),
    index('lock_command_lock_idx').on(t.lockId, t.createdAt),
  ],
);

/** A lock's history: connections, reports of a changed state, commands and alarms (heartbeats are not kept). */
export const lockEvents = pgTable(
  'lock_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lockId: uuid('lock_id')
      .notNull()
      .references(() => locks.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    partyId: uuid('party_id').references(() => parties.id, { onDelete: 'set null' }),
    detail: jsonb('detail').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lock_event_lock_idx').on(t.lockId, t.at)],
);

/** A tamper alarm from a lock holding someone's bike: offered to them as a one-tap stolen report with the dock's place. */
export const dockAlarms = pgTable(
  'dock_alarm',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lockId: uuid('lock_id')
      .notNull()
      .references(() => locks.id, { onDelete: 'cascade' }),
    partyId: uuid('party_id').references(() => parties.id, { onDelete: 'cascade' }),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    theftReportId: uuid('theft_report_id').references(() => theftReports.id, { onDelete: 'set null' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [index('dock_alarm_party_idx').on(t.partyId, t.raisedAt)],
);
