import type { Language } from '../../../domain/locale.js';
import type { MailMessage } from './mailer.js';

// One layout for every mail the product sends, in plain text and HTML alike, in the recipient's
// language: a greeting, a few paragraphs, an optional button with its link spelled out under it, an
// optional line of small print, and the sign-off. Each area writes only its own words.

const FRAME: Record<Language, { greeting: string; signoff: string }> = {
  da: { greeting: 'Hej', signoff: 'Venlig hilsen\nCykelregistret' },
  en: { greeting: 'Hello', signoff: 'Kind regards\nThe Bike Register' },
  no: { greeting: 'Hei', signoff: 'Vennlig hilsen\nSykkelregisteret' },
};

/** Puts values into `{name}` places; a value not given leaves the place empty. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface MailContent {
  to: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A line under the button in small print (e.g. how often such a mail comes). */
  smallPrint?: string;
}

export function composeMail(language: Language, mail: MailContent): MailMessage {
  const { greeting, signoff } = FRAME[language];
  const { action, smallPrint } = mail;
  const text = [
    `${greeting},`,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(smallPrint ? [smallPrint, ''] : []),
    signoff,
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(greeting)},</p>
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#004568;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#555">${escapeHtml(action.url)}</p>` : ''}
${smallPrint ? `<p style="font-size:13px;color:#555">${escapeHtml(smallPrint)}</p>` : ''}
<p>${escapeHtml(signoff).replace('\n', '<br>')}</p></body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}
