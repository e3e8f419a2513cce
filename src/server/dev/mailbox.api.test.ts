import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { mailboxKey } from './routes.js';

// Hardening: the development mailbox holds everyone's mail (password-reset links among it). It answered
// anyone; now only the machine itself (the socket's address, never a forwarded header) or the printed key.

describe('the development mailbox', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    email = (await signUpUser(t.app)).email;
  });
  afterAll(() => t.close());

  const ask = (remoteAddress: string, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({
      url: `/api/dev/mailbox?to=${encodeURIComponent(email)}${query}`,
      remoteAddress,
      headers: { 'accept-language': 'en', ...headers },
    });

  it('answers the machine itself', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await ask(address);
      expect(response.statusCode).toBe(200);
      expect(response.json().length).toBeGreaterThan(0);
    }
  });

  it('refuses another machine, also one that says it forwards for this one', async () => {
    const forwarded: Record<string, string>[] = [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }];
    for (const headers of forwarded) {
      const response = await ask('203.0.113.7', '', headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'mailbox_local_only' });
    }
    expect((await ask('203.0.113.7', '&key=wrong-key-of-the-right-len')).statusCode).toBe(403);
  });

  it('answers another machine that has the key printed at start-up', async () => {
    const key = mailboxKey(t.app.appContext);
    const response = await ask('203.0.113.7', `&key=${key}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].to).toBe(email);
  });
});
