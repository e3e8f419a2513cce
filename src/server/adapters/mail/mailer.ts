import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  partyId?: string | null;
  /** Extra headers, e.g. a newsletter's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

const MAX_ATTEMPTS = 8;
/** Mail holds personal data (addresses, names, links): delivered or abandoned mail is deleted after this. */
export const OUTBOX_RETENTION_DAYS = 30;
const PURGE_INTERVAL_MS = 6 * 3_600_000;

/**
 * Mail goes through the outbox table: a service writes the message in the same transaction as the
 * change it reports, and delivery happens after commit, so no mail is sent for a rolled-back change
 * and none is lost to a crash. With SMTP_URL the outbox is drained over SMTP (retried on failure);
 * without it (embedded mode) the outbox is the mailbox, readable at /dev/mailbox.
 */
export class Mailer {
  private transport: Transporter | null;
  private draining: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private purgeTimer: NodeJS.Timeout | null = null;
  private purging: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: { smtpUrl?: string; from: string; log: FastifyBaseLogger },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  get delivers(): boolean {
    return this.transport !== null;
  }

  /** Writes a message into the outbox inside the caller's transaction. */
  async enqueue(tx: Db, message: MailMessage): Promise<void> {
    await tx.insert(outbox).values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      partyId: message.partyId ?? null,
      headers: message.headers ?? null,
      // Embedded mode keeps the mail in the outbox, which is its final place.
      sentAt: this.transport ? null : new Date(),
    });
  }

  /** Writes many messages into the outbox inside the caller's transaction (a newsletter to its subscribers). */
  async enqueueMany(tx: Db, messages: MailMessage[]): Promise<void> {
    for (let i = 0; i < messages.length; i += 500) {
      await tx.insert(outbox).values(
        messages.slice(i, i + 500).map((message) => ({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          partyId: message.partyId ?? null,
          headers: message.headers ?? null,
          sentAt: this.transport ? null : new Date(),
        })),
      );
    }
  }

  /** Sends whatever is waiting; call after a transaction that enqueued mail has committed. */
  flush(): Promise<void> {
    if (!this.transport) return Promise.resolve();
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /**
   * Retries unsent mail periodically (after an SMTP outage or a restart) and purges old mail;
   * resolves once the first purge is done, so nothing written after start-up races it.
   */
  async start(retryIntervalMs = 30_000): Promise<void> {
    if (!this.purgeTimer) {
      const purge = () => {
        this.purging = this.purge().catch((err: unknown) => this.options.log.warn({ err }, 'outbox purge failed'));
      };
      this.purgeTimer = setInterval(purge, PURGE_INTERVAL_MS);
      this.purgeTimer.unref();
      purge();
    }
    if (this.transport && !this.timer) {
      this.timer = setInterval(() => void this.flush(), retryIntervalMs);
      this.timer.unref();
      void this.flush();
    }
    await this.purging;
  }

  /** Deletes mail older than the retention that was delivered or given up on; answers how many. */
  async purge(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000);
    const deleted = await this.db
      .delete(outbox)
      .where(and(lt(outbox.createdAt, cutoff), or(isNotNull(outbox.sentAt), gte(outbox.attempts, MAX_ATTEMPTS))))
      .returning({ id: outbox.id });
    return deleted.length;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    await Promise.all([this.draining, this.purging]);
    this.transport?.close();
  }

  private async drain(): Promise<void> {
    const transport = this.transport;
    if (!transport) return;
    for (;;) {
      const batch = await this.db
        .select()
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lt(outbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(outbox.createdAt))
        .limit(20);
      if (batch.length === 0) return;
      let progressed = false;
      for (const mail of batch) {
        // Claim the row first so that another instance draining at the same time skips it.
        const claimed = await this.db
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1` })
          .where(and(eq(outbox.id, mail.id), eq(outbox.attempts, mail.attempts), isNull(outbox.sentAt)))
          .returning({ id: outbox.id });
        if (claimed.length === 0) continue;
        try {
          await transport.sendMail({
            from: this.options.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            ...(mail.headers ? { headers: mail.headers } : {}),
          });
          await this.db.update(outbox).set({ sentAt: new Date(), lastError: null }).where(eq(outbox.id, mail.id));
          progressed = true;
        } catch (err) {
          this.options.log.warn({ err, mailId: mail.id }, 'mail delivery failed; will retry');
          await this.db
            .update(outbox)
            .set({ lastError: String(err) })
            .where(eq(outbox.id, mail.id));
        }
      }
      if (!progressed) return;
    }
  }
}
