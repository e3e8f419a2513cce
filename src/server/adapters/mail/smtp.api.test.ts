import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { latestMailTo, waitFor } from '../../../../tests/support/mail.js';
import { authed, createTestApp, signUpUser, signUpWithRole, type TestApp } from '../../../../tests/support/test-app.js';
import { identities, outbox } from '../../db/schema.js';

// Real SMTP delivery from the outbox, received by a real SMTP server (smtp-server) on a free port.

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server without TLS. A plain smtp:// URL makes nodemailer upgrade with STARTTLS whenever
 * the server offers it, and smtp-server's built-in certificate is refused; so the server offers none
 * (the other way is `?ignoreTLS=true` on SMTP_URL).
 */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return { received, port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The decoded text of a quoted-printable message (soft line breaks joined, =XX escapes undone). */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function appWithSmtp(port: number): Promise<TestApp> {
  const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Cykelregistret <no-reply@cykelregister.test>' });
  cleanups.push(() => t.close());
  return t;
}

describe('mail over SMTP', () => {
  it('delivers the verification mail of a sign-up and marks it sent in the outbox', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const t = await appWithSmtp(smtp.port);
    const user = await signUpUser(t.app, { chosen_language: 'en' });

    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(user.email)), 10_000, 'the verification mail over SMTP');
    expect(mail.from).toBe('no-reply@cykelregister.test');
    expect(mail.raw).toMatch(/^Subject: Confirm your email\r?$/m);
    expect(mail.raw).toMatch(new RegExp(`^To: ${user.email.replace(/[.+]/g, '\\$&')}\\r?$`, 'm'));
    expect(mail.raw).toMatch(/^From: Cykelregistret <no-reply@cykelregister\.test>\r?$/m);
    const body = decodeQuotedPrintable(mail.raw);
    const link = body.match(/http:\/\/localhost:3000\/verify-email\?code=([\w-]+)/);
    expect(link?.[1]).toBeTruthy();
    // Both a text and an HTML part.
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);

    const row = await waitFor(
      async () => {
        const r = await latestMailTo(t.database.db, user.email);
        return r.sentAt ? r : undefined;
      },
      5_000,
      'sent_at on the outbox row',
    );
    expect(row).toMatchObject({ attempts: 1, lastError: null });

    // The code that travelled over SMTP is the one that works.
    const res = await t.app.inject({ method: 'POST', url: `/api/identities/authentications/email-verifications/${link?.[1]}/validate` });
    expect(res.statusCode).toBe(200);
  });

  it('keeps the mail while the SMTP server is down, and delivers it with a later flush', async () => {
    const port = await freePort();
    const t = await appWithSmtp(port);
    // The sign-up does not wait for (or fail with) the mail.
    const user = await signUpUser(t.app, { chosen_language: 'en' });
    const failed = await waitFor(
      async () => {
        const r = await latestMailTo(t.database.db, user.email);
        return r.lastError ? r : undefined;
      },
      10_000,
      'a failed delivery attempt',
    );
    expect(failed.sentAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtp(port);
    cleanups.push(smtp.close);
    // Any later mail makes the outbox drain; asking for another verification link is one.
    const again = await t.app.inject(authed(user.token, { method: 'POST', url: '/api/identities/authentications/email-verifications' }));
    expect(again.statusCode).toBe(202);

    await waitFor(() => smtp.received.filter((m) => m.to.includes(user.email)).length === 2, 10_000, 'both mails over SMTP');
    const rows = await waitFor(
      async () => {
        const all = await t.database.db.select().from(outbox).where(eq(outbox.to, user.email));
        return all.every((r) => r.sentAt) ? all : undefined;
      },
      5_000,
      'every outbox row sent',
    );
    expect(rows).toHaveLength(2);
    const first = rows.find((r) => r.id === failed.id);
    expect(first).toMatchObject({ attempts: 2, lastError: null });
  });

  it('delivers a newsletter with the RFC 8058 List-Unsubscribe headers of its subscriber', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const t = await appWithSmtp(smtp.port);
    const reader = await signUpUser(t.app, { chosen_language: 'en' });
    await t.database.db.update(identities).set({ emailVerifiedAt: new Date() }).where(eq(identities.partyId, reader.partyId));
    await t.app.inject(authed(reader.token, { method: 'POST', url: '/api/identities/consents/newsletter/', payload: { action: 'add' } }));
    const staff = await signUpWithRole(t, 'staff');
    const issue = { subject_da: 'Nyt', body_da: 'Tekst', subject_en: 'SMTP news', body_en: 'Text', subject_no: 'Nytt', body_no: 'Tekst' };
    const sent = await t.app.inject(authed(staff.token, { method: 'POST', url: '/api/backoffice/newsletters', payload: issue }));
    expect(sent.statusCode).toBe(201);

    const mail = await waitFor(
      () => smtp.received.find((m) => m.to.includes(reader.email) && /^Subject: SMTP news\r?$/m.test(m.raw)),
      10_000,
      'the newsletter over SMTP',
    );
    const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\/[\w-]+>\r?$/m);
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });
});
