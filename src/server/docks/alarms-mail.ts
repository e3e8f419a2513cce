import { eq } from 'drizzle-orm';
import { composeMail } from '../adapters/mail/compose.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikes, dockAlarms, docks, locks } from '../db/schema.js';
import { getFixedT } from '../i18n/index.js';
import { contactOf } from '../ownership/parties.js';
import { bikeLabel } from '../shared/bike-words.js';

/**
 * The mail to a bike's owner when the lock holding it raises a tamper alarm (the device hub calls it once the
 * dock_alarm is stored, in a transaction of its own; call `ctx.mailer.flush()` after it commits). It links to /app/docks, where the alarm
 * offers the one-tap stolen report. Nothing is sent for an alarm without a party or a party without an email.
 */
export async function mailDockAlarm(ctx: AppContext, tx: Db, alarmId: string): Promise<void> {
  const [row] = await tx
    .select({ partyId: dockAlarms.partyId, raisedAt: dockAlarms.raisedAt, dockName: docks.name, lockLabel: locks.label, bike: bikes })
    .from(dockAlarms)
    .innerJoin(locks, eq(locks.id, dockAlarms.lockId))
    .innerJoin(docks, eq(docks.id, locks.dockId))
    .leftJoin(bikes, eq(bikes.id, dockAlarms.bikeId))
    .where(eq(dockAlarms.id, alarmId));
  if (!row?.partyId) return;
  const owner = await contactOf(tx, row.partyId);
  if (!owner?.email) return;
  const t = getFixedT(owner.language, 'mail', 'dockAlarm');
  const url = `${ctx.config.publicUrl}/app/docks`;
  const bike = row.bike ? bikeLabel(owner.language, row.bike) : t('yourBike');
  const time = new Intl.DateTimeFormat(owner.language === 'no' ? 'nb-NO' : owner.language === 'en' ? 'en-GB' : 'da-DK', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Copenhagen',
  }).format(row.raisedAt);
  const mail = composeMail(owner.language, {
    to: owner.email,
    subject: t('subject'),
    paragraphs: [t('body', { bike, dock: row.dockName, lock: row.lockLabel, time }), t('report')],
    action: { label: t('button'), url },
  });
  await ctx.mailer.enqueue(tx, { ...mail, partyId: owner.kind === 'person' ? owner.partyId : null });
}
