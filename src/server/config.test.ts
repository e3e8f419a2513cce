import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

// National ID and autotest settings: where verification comes from, and what production refuses.
const base = { DATA_DIR: path.join(os.tmpdir(), 'bike-config-test'), JWT_SECRET: 'x'.repeat(40) };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });

describe('national ID configuration', () => {
  it('serves the development provider by default outside production, and nothing in production', () => {
    expect(load({}).eid).toEqual({ kind: 'dev' });
    expect(load({ NODE_ENV: 'test' }).eid).toEqual({ kind: 'dev' });
    expect(load({ NODE_ENV: 'production' }).eid).toEqual({ kind: 'none' });
    expect(load({ NODE_ENV: 'production', OIDC_DEV_PROVIDER: 'true' }).eid).toEqual({ kind: 'dev' });
    expect(load({ OIDC_DEV_PROVIDER: 'false' }).eid).toEqual({ kind: 'none' });
  });

  it('uses the broker named by OIDC_ISSUER, with its client', () => {
    const config = load({ OIDC_ISSUER: 'https://broker.example/', OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 's3cret' });
    expect(config.eid).toEqual({ kind: 'oidc', issuer: 'https://broker.example', clientId: 'app', clientSecret: 's3cret' });
  });

  it('refuses a broker without its client, or together with the development provider', () => {
    expect(() => load({ OIDC_ISSUER: 'https://broker.example' })).toThrow(ConfigError);
    expect(() =>
      load({ OIDC_ISSUER: 'https://broker.example', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b', OIDC_DEV_PROVIDER: 'true' }),
    ).toThrow(/OIDC_DEV_PROVIDER/);
    expect(() => load({ OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER/);
  });
});

describe('autotest accounts', () => {
  it('reads a comma-separated list, trimmed and lowercased', () => {
    expect(load({ AUTOTEST_ACCOUNTS: ' A@Example.dk, ,b@example.no ' }).autotestAccounts).toEqual(['a@example.dk', 'b@example.no']);
    expect(load({}).autotestAccounts).toEqual([]);
  });

  it('refuses them in production unless told twice', () => {
    expect(() => load({ NODE_ENV: 'production', AUTOTEST_ACCOUNTS: 'a@example.dk' })).toThrow(/AUTOTEST_ACCOUNTS/);
    expect(load({ NODE_ENV: 'production', AUTOTEST_ACCOUNTS: 'a@example.dk', AUTOTEST_IN_PRODUCTION: 'true' }).autotestAccounts).toEqual([
      'a@example.dk',
    ]);
  });
});

describe('the mail limit per recipient', () => {
  it('is 5 an hour by default, read from MAIL_PER_RECIPIENT_PER_HOUR, and refuses nonsense', () => {
    expect(load({}).mailPerRecipientPerHour).toBe(5);
    expect(load({ MAIL_PER_RECIPIENT_PER_HOUR: '12' }).mailPerRecipientPerHour).toBe(12);
    expect(() => load({ MAIL_PER_RECIPIENT_PER_HOUR: '0' })).toThrow(/MAIL_PER_RECIPIENT_PER_HOUR/);
    expect(() => load({ MAIL_PER_RECIPIENT_PER_HOUR: 'many' })).toThrow(/MAIL_PER_RECIPIENT_PER_HOUR/);
  });
});

describe('the plate check limit per client', () => {
  it('is 30 a minute by default, read from PLATE_CHECK_RATE_LIMIT_PER_MINUTE, and refuses nonsense', () => {
    expect(load({}).plateCheckRateLimitPerMinute).toBe(30);
    expect(load({ PLATE_CHECK_RATE_LIMIT_PER_MINUTE: '7' }).plateCheckRateLimitPerMinute).toBe(7);
    expect(() => load({ PLATE_CHECK_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/PLATE_CHECK_RATE_LIMIT_PER_MINUTE/);
    expect(() => load({ PLATE_CHECK_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(/PLATE_CHECK_RATE_LIMIT_PER_MINUTE/);
  });
});

describe('chat settings', () => {
  it('has defaults: 10 new conversations an hour, 20 messages a minute, unread mail checked every minute after 2 minutes, at most hourly', () => {
    expect(load({}).chat).toEqual({
      newPerHour: 10,
      messagesPerMinute: 20,
      unreadMailCheckSeconds: 60,
      unreadMailDelaySeconds: 120,
      unreadMailIntervalMinutes: 60,
    });
  });

  it('reads them from the environment and refuses nonsense', () => {
    const config = load({
      CHAT_NEW_PER_HOUR: '3',
      CHAT_MESSAGES_PER_MINUTE: '7',
      CHAT_UNREAD_MAIL_CHECK_SECONDS: '30',
      CHAT_UNREAD_MAIL_DELAY_SECONDS: '0',
      CHAT_UNREAD_MAIL_INTERVAL_MINUTES: '15',
    });
    expect(config.chat).toEqual({
      newPerHour: 3,
      messagesPerMinute: 7,
      unreadMailCheckSeconds: 30,
      unreadMailDelaySeconds: 0,
      unreadMailIntervalMinutes: 15,
    });
    expect(() => load({ CHAT_NEW_PER_HOUR: '0' })).toThrow(/CHAT_NEW_PER_HOUR/);
    expect(() => load({ CHAT_MESSAGES_PER_MINUTE: '0' })).toThrow(/CHAT_MESSAGES_PER_MINUTE/);
    expect(() => load({ CHAT_UNREAD_MAIL_CHECK_SECONDS: 'often' })).toThrow(/CHAT_UNREAD_MAIL_CHECK_SECONDS/);
    expect(() => load({ CHAT_UNREAD_MAIL_INTERVAL_MINUTES: '1.5' })).toThrow(/CHAT_UNREAD_MAIL_INTERVAL_MINUTES/);
  });
});

describe('trusting a proxy', () => {
  it("takes a hop count or the proxies' addresses", () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(load({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('refuses true, which would trust the left-most X-Forwarded-For address the client writes, and says what to set', () => {
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust an address the client writes itself; set the number of proxies/,
    );
    expect(() => load({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

describe('demo data', () => {
  it('is seeded in embedded mode by default, but not in production unless asked for by SEED_DEMO=true', () => {
    expect(load({}).seedDemo).toBe(true);
    expect(load({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(load({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(load({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe('payments configuration', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

  it('serves the development payment provider by default outside production, and nothing in production', () => {
    expect(load({}).payments.kind).toBe('dev');
    expect(load({ NODE_ENV: 'test' }).payments.kind).toBe('dev');
    expect(load({ NODE_ENV: 'production' }).payments).toEqual({ kind: 'none' });
    expect(load({ NODE_ENV: 'production', DEV_PAYMENT_PROVIDER: 'true' }).payments.kind).toBe('dev');
    expect(load({ DEV_PAYMENT_PROVIDER: 'false' }).payments).toEqual({ kind: 'none' });
    expect(() => load({ DEV_PAYMENT_PROVIDER: 'yes' })).toThrow(/DEV_PAYMENT_PROVIDER/);
  });

  it('derives the development keys from the JWT secret: stable, Stripe-shaped, and different for another secret', () => {
    const a = load({}).payments;
    const again = load({}).payments;
    const other = load({ JWT_SECRET: 'y'.repeat(40) }).payments;
    if (a.kind !== 'dev' || other.kind !== 'dev') throw new Error('expected the development provider');
    expect(a.webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{32,}$/);
    expect(a.secretKey).toMatch(/^sk_test_[A-Za-z0-9_-]{32,}$/);
    expect(again).toEqual(a);
    expect(other.webhookSecret).not.toBe(a.webhookSecret);
    expect(other.secretKey).not.toBe(a.secretKey);
    expect(a.webhookSecret).not.toContain(a.secretKey.slice('sk_test_'.length));
  });

  it('uses Stripe with both its secret key and its webhook secret', () => {
    expect(load(stripe).payments).toEqual({ kind: 'stripe', secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc' });
    const seller = { SELLER_NAME_DK: 'Cykel ApS', SELLER_CVR: '11223344', SELLER_NAME_NO: 'Sykkel AS', SELLER_ORG_NUMBER: '998877665' };
    expect(load({ ...stripe, ...seller, NODE_ENV: 'production' }).payments.kind).toBe('stripe');
  });

  it('refuses one Stripe setting without the other, and Stripe together with the development provider', () => {
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => load({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => load({ ...stripe, DEV_PAYMENT_PROVIDER: 'true' })).toThrow(/DEV_PAYMENT_PROVIDER/);
    expect(() => load({ ...stripe, DEV_PAYMENT_PROVIDER: 'true' })).toThrow(ConfigError);
  });
});

describe('the seller on receipts', () => {
  const seller = { SELLER_NAME_DK: 'Cykel ApS', SELLER_CVR: '11223344', SELLER_NAME_NO: 'Sykkel AS', SELLER_ORG_NUMBER: '998877665' };

  it('names the CVR number in Denmark and the organisation number followed by MVA in Norway', () => {
    expect(load(seller).seller).toEqual({
      dk: { name: 'Cykel ApS', vatId: 'CVR 11223344' },
      no: { name: 'Sykkel AS', vatId: '998877665 MVA' },
    });
    expect(load({}).seller.dk.name).toMatch(/demo/);
    expect(() => load({ SELLER_CVR: '123' })).toThrow(/SELLER_CVR/);
  });

  it('is required in production when Stripe takes real payments (the development provider is a demo)', () => {
    const stripe = { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => load(stripe)).toThrow(/SELLER_NAME_DK, SELLER_CVR, SELLER_NAME_NO, SELLER_ORG_NUMBER/);
    expect(load({ ...stripe, ...seller }).seller.no.vatId).toBe('998877665 MVA');
    expect(load({ NODE_ENV: 'production' }).seller.dk.name).toMatch(/demo/);
    expect(load({ NODE_ENV: 'production', DEV_PAYMENT_PROVIDER: 'true' }).seller.dk.name).toMatch(/demo/);
  });
});

describe('the tag manager', () => {
  it('is off by default and when empty, and takes a container id', () => {
    expect(load({}).tagManagerId).toBeNull();
    expect(load({ TAG_MANAGER_ID: '' }).tagManagerId).toBeNull();
    expect(load({ TAG_MANAGER_ID: 'GTM-AB12CD3' }).tagManagerId).toBe('GTM-AB12CD3');
  });

  it('refuses anything but a GTM-… container id, naming the variable', () => {
    for (const wrong of ['AB12CD3', 'gtm-ab12cd3', 'GTM-', 'GTM-AB12"><script>', 'G-AB12CD3']) {
      expect(() => load({ TAG_MANAGER_ID: wrong }), wrong).toThrow(/TAG_MANAGER_ID/);
    }
  });
});
