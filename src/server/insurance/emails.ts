import type { ClaimStatus } from '../../domain/insurance-claims.js';
import type { Language } from '../../domain/locale.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';
import { getFixedT } from '../i18n/index.js';

// The claim's mails to the owner (mail.claim in the shared catalogs): each step the insurer takes.

export const claimEmails = {
  step(
    language: Language,
    to: string,
    input: { bike: string; insurer: string; status: ClaimStatus; reason: string | null; transferred: boolean; claimsUrl: string },
  ): MailMessage {
    const t = getFixedT(language, 'mail', 'claim');
    const vars = { bike: input.bike, insurer: input.insurer };
    return composeMail(language, {
      to,
      subject: t(`subject.${input.status}`, vars),
      paragraphs: [
        t(`body.${input.status}`, vars),
        ...(input.reason ? [t('reason', { reason: input.reason })] : []),
        ...(input.transferred ? [t('transferred', vars)] : []),
      ],
      action: { label: t('button'), url: input.claimsUrl },
    });
  },
};
