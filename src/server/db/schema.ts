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
