import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    friendRef: text('friend_ref'),
    userRef: text('user_ref'),
    /** National digital ID (§4): the provider's subject, unique, so one person verifies one account. */
    eidSubject: text('eid_subject'),
    eidProvider: text('eid_provider'),
    /** The name the national ID provider vouches for. */
    verifiedName: text('verified_name'),
    birthdate: text('birthdate'),
    /** The party this person last chose to act as: themselves or one of their organisations (§6). */
    actingPartyId: uuid('acting_party_id'),
  },
  (t) => [uniqueIndex('identity_email_unique').on(sql`lower(${t.email})`), uniqueIndex('identity_eid_subject_unique').on(t.eidSubject)],
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
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_actor_idx').on(t.actorPartyId, t.createdAt), index('audit_log_target_idx').on(t.targetPartyId, t.createdAt)],
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
    nickname: text('nickname'),
    normalPriceDkk: integer('normal_price_dkk'),
    /** ISO date (YYYY-MM-DD). */
    purchaseDate: text('purchase_date'),
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
    // GiST, not GIN: search's "did you mean" takes the nearest by trigram distance (<->, a bounded index scan).
    index('bike_frame_number_trgm_idx').using('gist', sql`${t.frameNumberNormalised} gist_trgm_ops`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plate_bike_idx').on(t.bikeId),
    index('plate_equipment_idx').on(t.equipmentId),
    index('plate_batch_idx').on(t.batchId),
    // Search's "did you mean" for a mistyped plate ID.
    index('plate_id_trgm_idx').using('gist', sql`${t.id} gist_trgm_ops`),
  ],
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
    /** Where it came from: a voucher, a plate sold with a registration, the seed, a purchase (later). */
    source: text('source', { enum: ['voucher', 'plate', 'seed', 'purchase', 'staff'] }).notNull(),
    /** The subscription id at the card payment provider (§3). */
    providerSubscriptionId: text('provider_subscription_id'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bike_credit_party_idx').on(t.partyId), uniqueIndex('bike_credit_ownership_unique').on(t.bikeOwnershipId)],
);

/** A party's subscription (§4): active while current_period_end is in the future; null with credits = VIP. */
export const subscriptions = pgTable('subscription', {
  partyId: uuid('party_id')
    .primaryKey()
    .references(() => parties.id, { onDelete: 'cascade' }),
  planType: text('plan_type', { enum: ['SINGLE', 'FAMILY', 'ORGANISATION'] })
    .notNull()
    .default('SINGLE'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  providerSubscriptionId: text('provider_subscription_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A voucher code that redeems into credits (created by the seed and a command now, by staff later). */
export const vouchers = pgTable('voucher', {
  /** Upper case. */
  code: text('code').primaryKey(),
  credits: integer('credits').notNull().default(1),
  planType: text('plan_type', { enum: ['SINGLE', 'FAMILY', 'ORGANISATION'] })
    .notNull()
    .default('SINGLE'),
  maxRedemptions: integer('max_redemptions').notNull().default(1),
  redemptions: integer('redemptions').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('picture_bike_idx').on(t.bikeId, t.kind)],
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
