import type { BasketItem, InsuranceQuote } from '../../domain/insurance-purchase.js';
import type { Language } from '../../domain/locale.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { MailMessage } from '../adapters/mail/mailer.js';
import { getFixedT, INTL_LOCALES } from '../i18n/index.js';
import { categoryName } from '../shared/bike-words.js';

// The Danish insurance sign-up's order confirmation (mail.insuranceSignup in the shared catalogs): what was
// ordered, bike by bike with its premium, the total with the duty, the policy number (a signed-in buyer's),
// and the right of withdrawal.

const money = (language: Language, ore: number) =>
  new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency: 'DKK' }).format(ore / 100);
const day = (language: Language, isoDate: string) =>
  new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));

export function purchaseConfirmation(
  language: Language,
  to: string,
  input: { insurer: string; items: readonly BasketItem[]; quote: InsuranceQuote; policyNumber: string | null; appUrl: string },
): MailMessage {
  const t = getFixedT(language, 'mail', 'insuranceSignup');
  const lines = input.items.map((item, i) =>
    t('item', {
      bike: `${categoryName(language, item.bikeType)}${item.bikeIsElectric ? ` (${t('electric')})` : ''}`,
      price: money(language, item.bikePrice * 100),
      date: day(language, item.bikePurchaseDate),
      coverage: t(`coverage.${item.coverage}`),
      premium: money(language, input.quote.items[i]?.premium_ore ?? 0),
    }),
  );
  return composeMail(language, {
    to,
    subject: t('subject', { insurer: input.insurer }),
    paragraphs: [
      t('thanks', { insurer: input.insurer }),
      ...lines,
      t('total', {
        premium: money(language, input.quote.premium_ore),
        duty: money(language, input.quote.duty_ore),
        total: money(language, input.quote.total_ore),
      }),
      input.policyNumber ? t('policy', { number: input.policyNumber }) : t('noAccount'),
      t('withdrawal'),
    ],
    action: { label: t('button'), url: input.appUrl },
  });
}
