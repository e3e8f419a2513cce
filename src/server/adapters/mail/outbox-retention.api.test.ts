import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { outbox } from '../../db/schema.js';
import { Mailer, OUTBOX_RETENTION_DAYS } from './mailer.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('deletes delivered and abandoned mail past the retention, and keeps the rest', async () => {
  const now = new Date();
  const old = new Date(now.getTime() - (OUTBOX_RETENTION_DAYS + 1) * 86_400_000);
  const mail = (subject: string) => ({ to: 'retention@example.dk', subject, text: 'text', html: '<p>text</p>' });
  await t.database.db.insert(outbox).values([
    { ...mail('old delivered'), createdAt: old, sentAt: old },
    { ...mail('old abandoned'), createdAt: old, attempts: 8 },
    { ...mail('old still to retry'), createdAt: old, attempts: 2 },
    { ...mail('recent delivered'), createdAt: now, sentAt: now },
  ]);
  const mailer = new Mailer(t.database.db, { from: 'test@example.dk', log: t.app.log });

  expect(await mailer.purge(now)).toBe(2);
  const left = (await t.database.db.select({ subject: outbox.subject, to: outbox.to }).from(outbox))
    .filter((row) => row.to === 'retention@example.dk')
    .map((row) => row.subject)
    .sort();
  expect(left).toEqual(['old still to retry', 'recent delivered']);
});
