import type { Language } from '../../../domain/locale.js';
import { getFixedT } from '../../i18n/index.js';
import type { MailMessage } from './mailer.js';

// One layout for every mail the product sends, in plain text and HTML alike, in the recipient's
// language: a greeting, a few paragraphs, an optional button with its link spelled out under it, an
// optional line of small print, and the sign-off. Each area writes only its own words, all of them in
// the mail namespace of the shared catalogs (src/i18n/<language>/mail.json, read through server/i18n).

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
  const t = getFixedT(language, 'mail');
  const greeting = t('layout.greeting');
  const signoff = t('layout.signoff');
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
