import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import { CHAT_UNREAD_MAIL_INTERVAL_MINUTES } from '../domain/chats.js';
import { type S3Config, s3ConfigFromEnv } from './s3-config.js';

// The environment, validated at start-up: a wrong value stops the process with a message naming it.
const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535)), 3000),
  HOST: z._default(z.string(), '0.0.0.0'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'))),
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'))),
  MAIL_FROM: z._default(z.string(), 'Cykelregistret <no-reply@localhost>'),
  PUBLIC_URL: z.optional(z.url()),
  JWT_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  /** 32 bytes, base64: encrypts CPR numbers at rest. Generated into DATA_DIR when unset. */
  DATA_KEY: z.optional(z.string()),
  /** 32 bytes, base64: the Ed25519 private key (seed) that signs bills of sale. Generated into DATA_DIR when unset. */
  BILL_OF_SALE_SIGNING_KEY: z.optional(z.string()),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  SEED_DEMO: z.optional(z.enum(['true', 'false'])),
  /** The built web app; by default dist/web. */
  WEB_DIR: z.optional(z.string()),
  AUTH_RATE_LIMIT_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 20),
  /** Wrong passwords for one account within 15 minutes before it is locked (counted in the database, so across instances). */
  LOGIN_FAILURES_BEFORE_LOCK: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 5),
  SEARCH_RATE_LIMIT_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 120),
  /** Plate checks (GET /api/plates/{plateId}/check) per client per minute. */
  PLATE_CHECK_RATE_LIMIT_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 30),
  /** New conversations one party may start per hour (counted in the database, so across instances). */
  CHAT_NEW_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 10),
  /** Messages one participant may write in one conversation per minute (counted in the database). */
  CHAT_MESSAGES_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 20),
  /** Verification and password-reset mails to one address per hour, each kind (counted in mail_outbox). */
  MAIL_PER_RECIPIENT_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 5),
  /**
   * Map tiles of the stolen-bike map and the place pickers ({z}/{x}/{y}, optionally {s}); empty for none.
   * Without reachable tiles the maps still show the bundled outline of Denmark and Norway.
   */
  MAP_TILE_URL: z._default(z.string(), 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z._default(z.string(), '© OpenStreetMap contributors'),
  /**
   * §1 tag manager: the container id (GTM-…); its script loads only after a visitor consents to statistics, and the
   * CSP allows its hosts only when it is set. Unset or empty: nothing third-party loads and no consent banner shows.
   */
  TAG_MANAGER_ID: z.optional(z.string().check(z.regex(/^(GTM-[A-Z0-9]{4,12})?$/, 'must be a container id like GTM-ABC1234'))),
  /** How often each instance looks for participants to mail about unread messages. */
  CHAT_UNREAD_MAIL_CHECK_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 60),
  /** A message unread this long earns a mail (someone reading live gets none). */
  CHAT_UNREAD_MAIL_DELAY_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 120),
  /** At most one unread-messages mail per conversation and participant this often. */
  CHAT_UNREAD_MAIL_INTERVAL_MINUTES: z._default(z.coerce.number().check(z.int(), z.minimum(1)), CHAT_UNREAD_MAIL_INTERVAL_MINUTES),
  /**
   * Which proxies in front may set X-Forwarded-For: unset or false for none (the embedded default),
   * true for all, a number of hops, or a comma-separated list of addresses/CIDRs. Trusting a header
   * that the client writes itself would let anyone dodge the per-client rate limits.
   */
  TRUST_PROXY: z.optional(z.string()),
  /** National digital ID (§4): an OpenID Connect broker (MitID in dk, BankID in no). Unset: the development provider. */
  OIDC_ISSUER: z.optional(z.url()),
  OIDC_CLIENT_ID: z.optional(z.string().check(z.minLength(1))),
  OIDC_CLIENT_SECRET: z.optional(z.string().check(z.minLength(1))),
  /** The development identity provider served by the app; on by default outside production when OIDC_ISSUER is unset. */
  OIDC_DEV_PROVIDER: z.optional(z.enum(['true', 'false'])),
  /** Social sign-in (§3, §7): the provider's name in the API path (e.g. google), its OpenID Connect issuer and the app's client there. */
  SOCIAL_PROVIDER: z.optional(z.string().check(z.regex(/^[a-z][a-z0-9]{1,29}$/, 'must be 2-30 lowercase letters or digits'))),
  SOCIAL_ISSUER: z.optional(z.url()),
  SOCIAL_CLIENT_ID: z.optional(z.string().check(z.minLength(1))),
  SOCIAL_CLIENT_SECRET: z.optional(z.string().check(z.minLength(1))),
  /** §6: comma-separated emails of autotest accounts, which skip the national ID screen. */
  AUTOTEST_ACCOUNTS: z.optional(z.string()),
  AUTOTEST_IN_PRODUCTION: z.optional(z.enum(['true', 'false'])),
  /** Payments (issue 12) through Stripe: the API secret key and the webhook endpoint's signing secret, both or neither. */
  STRIPE_SECRET_KEY: z.optional(z.string().check(z.minLength(1))),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(1))),
  /** The development payment provider served by the app under /dev-pay; on by default outside production without Stripe. */
  DEV_PAYMENT_PROVIDER: z.optional(z.enum(['true', 'false'])),
  /** The seller printed on receipts: the Danish company's name and CVR number, the Norwegian's name and organisation number. */
  SELLER_NAME_DK: z.optional(z.string().check(z.minLength(1))),
  SELLER_CVR: z.optional(z.string().check(z.regex(/^\d{8}$/, 'must be 8 digits'))),
  SELLER_NAME_NO: z.optional(z.string().check(z.minLength(1))),
  SELLER_ORG_NUMBER: z.optional(z.string().check(z.regex(/^\d{9}$/, 'must be 9 digits'))),
  /** How often each instance asks the provider about orders still pending (a missed webhook), and how old they must be. */
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 300),
  PAYMENT_RECONCILE_AFTER_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 180),
});

/** Where national digital ID comes from: a broker, the development provider served by the app, or nowhere. */
export type EidConfig = { kind: 'oidc'; issuer: string; clientId: string; clientSecret: string } | { kind: 'dev' } | { kind: 'none' };

/**
 * Social sign-in: one OpenID Connect provider named by SOCIAL_PROVIDER, or the development provider
 * (a second client of /dev-idp, under the name `dev`), or none.
 */
export type SocialConfig =
  | { kind: 'oidc'; provider: string; issuer: string; clientId: string; clientSecret: string }
  | { kind: 'dev'; provider: 'dev' }
  | { kind: 'none' };

/**
 * Where payments go: Stripe, or the development payment provider served by the app under /dev-pay (it speaks
 * the part of Stripe's API the adapter uses, with keys derived from the JWT secret), or nowhere.
 */
export type PaymentsConfig = { kind: 'stripe' | 'dev'; secretKey: string; webhookSecret: string } | { kind: 'none' };

/** The seller a receipt names, per series: its name and VAT id (the CVR number, or the organisation number followed by MVA). */
export type SellerConfig = Readonly<Record<'dk' | 'no', { name: string; vatId: string }>>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: Uint8Array;
  dataKey: Buffer;
  /** The Ed25519 seed that signs bills of sale (ownership transfers both sides confirmed with national ID). */
  billOfSaleKey: Buffer;
  logLevel: string;
  /** Embedded mode: PGlite and the mail outbox, with demo data and the dev mailbox. */
  embedded: boolean;
  seedDemo: boolean;
  webDir: string | undefined;
  /** Requests a client may make to the guarded identity calls per minute (login, signup, reset, verification). */
  authRateLimitPerMinute: number;
  /** Wrong passwords for one account within 15 minutes before it is locked for a while (identity/login-lock.ts). */
  loginFailuresBeforeLock: number;
  /** Public searches and plate lookups a client may make per minute. */
  searchRateLimitPerMinute: number;
  /** Plate checks a client may make per minute (a person types one ID at a time; guessing IDs takes many). */
  plateCheckRateLimitPerMinute: number;
  /** Verification and password-reset mails one address may get per hour, of each kind. */
  mailPerRecipientPerHour: number;
  /** Chats (issue 5): the limits on new conversations and on messages, and the unread-messages mail. */
  chat: {
    newPerHour: number;
    messagesPerMinute: number;
    unreadMailCheckSeconds: number;
    unreadMailDelaySeconds: number;
    unreadMailIntervalMinutes: number;
  };
  /** MAP_TILE_URL (null: no tiles, the bundled outline only) and its attribution. */
  map: { tileUrl: string | null; tileAttribution: string };
  /** TAG_MANAGER_ID (null: no tag manager, no consent banner). */
  tagManagerId: string | null;
  /** S3-compatible file storage (S3_BUCKET …); null: files on disk under DATA_DIR/files. */
  s3: S3Config | null;
  /** Fastify's trustProxy: who may tell the client address through X-Forwarded-For. */
  trustProxy: false | number | string;
  eid: EidConfig;
  social: SocialConfig;
  payments: PaymentsConfig;
  seller: SellerConfig;
  /** Reconciliation of pending orders with the provider (webshop/reconciliation.ts). */
  reconcile: { intervalSeconds: number; afterSeconds: number };
  /** §6 autotest accounts (lowercased emails): they complete national ID verification without the provider. */
  autotestAccounts: string[];
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const secret = (name: string, bytes: number, given: string | undefined) => given ?? persistedSecret(dataDir, name, bytes);
  const dataKey = Buffer.from(secret('data-key', 32, e.DATA_KEY), 'base64');
  if (dataKey.length !== 32) throw new ConfigError('Invalid configuration:\n  DATA_KEY: must be 32 bytes in base64');
  const billOfSaleKey = Buffer.from(secret('bill-of-sale-key', 32, e.BILL_OF_SALE_SIGNING_KEY), 'base64');
  if (billOfSaleKey.length !== 32) throw new ConfigError('Invalid configuration:\n  BILL_OF_SALE_SIGNING_KEY: must be 32 bytes in base64');
  const embedded = !e.DATABASE_URL;
  const jwtSecret = new TextEncoder().encode(secret('jwt-secret', 48, e.JWT_SECRET));
  const s3 = s3ConfigFromEnv(env);
  if (s3.problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${s3.problems.join('\n  ')}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret,
    dataKey,
    billOfSaleKey,
    logLevel: e.LOG_LEVEL,
    embedded,
    // Demo data only when asked for in production (and then with passwords of its own, seed/demo.ts); by default
    // in embedded mode elsewhere.
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : embedded && e.NODE_ENV !== 'test' && e.NODE_ENV !== 'production',
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    loginFailuresBeforeLock: e.LOGIN_FAILURES_BEFORE_LOCK,
    searchRateLimitPerMinute: e.SEARCH_RATE_LIMIT_PER_MINUTE,
    plateCheckRateLimitPerMinute: e.PLATE_CHECK_RATE_LIMIT_PER_MINUTE,
    mailPerRecipientPerHour: e.MAIL_PER_RECIPIENT_PER_HOUR,
    chat: {
      newPerHour: e.CHAT_NEW_PER_HOUR,
      messagesPerMinute: e.CHAT_MESSAGES_PER_MINUTE,
      unreadMailCheckSeconds: e.CHAT_UNREAD_MAIL_CHECK_SECONDS,
      unreadMailDelaySeconds: e.CHAT_UNREAD_MAIL_DELAY_SECONDS,
      unreadMailIntervalMinutes: e.CHAT_UNREAD_MAIL_INTERVAL_MINUTES,
    },
    map: mapConfig(e),
    tagManagerId: e.TAG_MANAGER_ID || null,
    s3: s3.config,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : undefined,
    eid: eidConfig(e),
    social: socialConfig(e),
    payments: paymentsConfig(e, jwtSecret),
    seller: sellerConfig(e),
    reconcile: { intervalSeconds: e.PAYMENT_RECONCILE_INTERVAL_SECONDS, afterSeconds: e.PAYMENT_RECONCILE_AFTER_SECONDS },
    autotestAccounts: autotestAccounts(e),
  };
}

function mapConfig(e: z.output<typeof envSchema>): { tileUrl: string | null; tileAttribution: string } {
  const tileUrl = e.MAP_TILE_URL.trim();
  if (tileUrl && !/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(tileUrl)) {
    throw new ConfigError('Invalid configuration:\n  MAP_TILE_URL: an http(s) address with {z}, {x} and {y}, or empty');
  }
  return { tileUrl: tileUrl || null, tileAttribution: e.MAP_TILE_ATTRIBUTION };
}

function eidConfig(e: z.output<typeof envSchema>): EidConfig {
  if (e.OIDC_ISSUER) {
    if (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) {
      throw new ConfigError('Invalid configuration:\n  OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: both are needed with OIDC_ISSUER');
    }
    if (e.OIDC_DEV_PROVIDER === 'true') {
      throw new ConfigError('Invalid configuration:\n  OIDC_DEV_PROVIDER: cannot be true when OIDC_ISSUER names a real provider');
    }
    return { kind: 'oidc', issuer: e.OIDC_ISSUER.replace(/\/$/, ''), clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET };
  }
  const dev = e.OIDC_DEV_PROVIDER ? e.OIDC_DEV_PROVIDER === 'true' : e.NODE_ENV !== 'production';
  return dev ? { kind: 'dev' } : { kind: 'none' };
}

function paymentsConfig(e: z.output<typeof envSchema>, jwtSecret: Uint8Array): PaymentsConfig {
  if (e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET) {
    if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) {
      throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: both are needed, or neither');
    }
    if (e.DEV_PAYMENT_PROVIDER === 'true') {
      throw new ConfigError('Invalid configuration:\n  DEV_PAYMENT_PROVIDER: cannot be true when STRIPE_SECRET_KEY names a real account');
    }
    return { kind: 'stripe', secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET };
  }
  const dev = e.DEV_PAYMENT_PROVIDER ? e.DEV_PAYMENT_PROVIDER === 'true' : e.NODE_ENV !== 'production';
  if (!dev) return { kind: 'none' };
  // The provider and its client live in this process: keys derived from the JWT secret need no setup and are shown nowhere.
  const derive = (label: string) => createHmac('sha256', jwtSecret).update(`dev-pay/${label}/v1`).digest('base64url');
  return { kind: 'dev', secretKey: `sk_test_${derive('secret-key')}`, webhookSecret: `whsec_${derive('webhook-secret')}` };
}

/**
 * Receipts name the seller. A demo seller stands in, but production with Stripe (real payments) refuses to start
 * without the real one: a receipt without the seller's VAT id is no valid receipt.
 */
function sellerConfig(e: z.output<typeof envSchema>): SellerConfig {
  const missing = (['SELLER_NAME_DK', 'SELLER_CVR', 'SELLER_NAME_NO', 'SELLER_ORG_NUMBER'] as const).filter((name) => !e[name]);
  if (e.NODE_ENV === 'production' && e.STRIPE_SECRET_KEY && missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: needed in production to issue receipts`);
  }
  return {
    dk: { name: e.SELLER_NAME_DK ?? 'Cykelregistret ApS (demo)', vatId: `CVR ${e.SELLER_CVR ?? '12345678'}` },
    no: { name: e.SELLER_NAME_NO ?? 'Sykkelregisteret AS (demo)', vatId: `${e.SELLER_ORG_NUMBER ?? '987654321'} MVA` },
  };
}

/** Path segments of other identity routes: a provider may not be named like one of them. */
const RESERVED_PROVIDER_NAMES = ['refresh', 'authentications', 'verifications', 'consents', 'language', 'region', 'me', 'social'];

function socialConfig(e: z.output<typeof envSchema>): SocialConfig {
  if (e.SOCIAL_ISSUER) {
    if (!e.SOCIAL_PROVIDER || !e.SOCIAL_CLIENT_ID || !e.SOCIAL_CLIENT_SECRET) {
      throw new ConfigError(
        'Invalid configuration:\n  SOCIAL_PROVIDER, SOCIAL_CLIENT_ID, SOCIAL_CLIENT_SECRET: all are needed with SOCIAL_ISSUER',
      );
    }
    if (RESERVED_PROVIDER_NAMES.includes(e.SOCIAL_PROVIDER) || e.SOCIAL_PROVIDER === 'dev') {
      throw new ConfigError(`Invalid configuration:\n  SOCIAL_PROVIDER: ${e.SOCIAL_PROVIDER} is reserved`);
    }
    return {
      kind: 'oidc',
      provider: e.SOCIAL_PROVIDER,
      issuer: e.SOCIAL_ISSUER.replace(/\/$/, ''),
      clientId: e.SOCIAL_CLIENT_ID,
      clientSecret: e.SOCIAL_CLIENT_SECRET,
    };
  }
  if (e.SOCIAL_PROVIDER || e.SOCIAL_CLIENT_ID || e.SOCIAL_CLIENT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  SOCIAL_ISSUER: needed with SOCIAL_PROVIDER, SOCIAL_CLIENT_ID and SOCIAL_CLIENT_SECRET',
    );
  }
  // The development provider stands in when it is served (it is, when national ID uses it too).
  return eidConfig(e).kind === 'dev' ? { kind: 'dev', provider: 'dev' } : { kind: 'none' };
}

/** Autotest accounts skip a security check, so production refuses to start with them unless told twice. */
function autotestAccounts(e: z.output<typeof envSchema>): string[] {
  const emails = (e.AUTOTEST_ACCOUNTS ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  if (emails.length > 0 && e.NODE_ENV === 'production' && e.AUTOTEST_IN_PRODUCTION !== 'true') {
    throw new ConfigError('Invalid configuration:\n  AUTOTEST_ACCOUNTS: not allowed in production unless AUTOTEST_IN_PRODUCTION=true');
  }
  return emails;
}

/**
 * Who may tell the client's address through X-Forwarded-For: a hop count or the proxies' addresses. `true`
 * would trust the left-most address, which the client writes itself, so anyone could dodge the rate limits.
 */
function parseTrustProxy(value: string | undefined): false | number | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') {
    throw new ConfigError(
      'Invalid configuration:\n  TRUST_PROXY: true would trust an address the client writes itself; set the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  const addresses = v.split(',').map((a) => a.trim());
  if (addresses.some((a) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a) && !['loopback', 'linklocal', 'uniquelocal'].includes(a))) {
    throw new ConfigError('Invalid configuration:\n  TRUST_PROXY: a hop count, or addresses/CIDRs of the proxies separated by commas');
  }
  return v;
}

/** A secret generated once and kept in DATA_DIR, so tokens survive restarts without any setup. */
function persistedSecret(dataDir: string, name: string, bytes: number): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = randomBytes(bytes).toString('base64');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}
