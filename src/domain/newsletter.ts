import * as z from 'zod/mini';
import { LANGUAGES, normaliseLanguage, REGIONS } from './locale.js';

// The newsletter (issue 15): sign-up with double opt-in, confirmation and one-click unsubscribe; staff send it from
// the backoffice to confirmed subscribers only. The contracts of /api/newsletter/… and /api/backoffice/newsletters….

/**
 * The consent a subscriber gives is the text beside the form: its catalog key and this version are recorded with
 * each subscription. Change the text (newsletter.json, every language) and this version together.
 */
export const NEWSLETTER_CONSENT = { key: 'newsletter:form.consent', version: '2026-11-25' } as const;

/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_HOURS = 72;

const email = z
  .string({ error: 'field_required' })
  .check(z.trim(), z.toLowerCase(), z.minLength(1, { error: 'field_required' }), z.maxLength(254, { error: 'too_long' }))
  .check(z.email({ error: 'email_invalid' }));

/** POST /api/newsletter/subscriptions: the address, the language of the mails, and the consent to the text shown. */
export const newsletterSignupSchema = z.object({
  email,
  language: z.pipe(z.transform(normaliseLanguage), z.enum(LANGUAGES)),
  region: z._default(z.enum(REGIONS, { error: 'region_required' }), 'dk'),
  consent: z.literal(true, { error: 'newsletter_consent_required' }),
});
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

/** The same answer whatever the address's state, so the form tells nobody who is subscribed. */
export const newsletterSignupAnswerSchema = z.object({ status: z.literal('check_mail') });

/** Confirmation and unsubscribe links carry a random token (base64url). */
export const newsletterTokenParamsSchema = z.object({
  token: z.string().check(z.minLength(20, { error: 'newsletter_link_invalid' }), z.maxLength(100, { error: 'newsletter_link_invalid' })),
});

export const newsletterConfirmedSchema = z.object({ state: z.literal('confirmed') });
export const newsletterUnsubscribedSchema = z.object({ state: z.literal('unsubscribed') });

const subject = z
  .string({ error: 'field_required' })
  .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(150, { error: 'too_long' }));
const body = z
  .string({ error: 'field_required' })
  .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(10_000, { error: 'too_long' }));

/** One issue in every language (each subscriber gets their own), paragraphs separated by blank lines. */
export const newsletterIssueSchema = z.object({
  subject_da: subject,
  body_da: body,
  subject_en: subject,
  body_en: body,
  subject_no: subject,
  body_no: body,
});
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>;

/** The paragraphs of a newsletter's body: separated by blank lines, each trimmed. */
export function newsletterParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** POST /api/backoffice/newsletters/preview: each language's mail as its subscribers would read it, and how many they are. */
export const newsletterPreviewSchema = z.object({
  mails: z.array(z.object({ language: z.enum(LANGUAGES), subject: z.string(), text: z.string(), recipients: z.number() })),
  recipients: z.number(),
});
export type NewsletterPreview = z.infer<typeof newsletterPreviewSchema>;

/** POST /api/backoffice/newsletters: sent (into the outbox) to this many confirmed subscribers. */
export const newsletterSentSchema = z.object({ id: z.string(), recipients: z.number() });
