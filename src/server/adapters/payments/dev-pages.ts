import type { Language } from '../../../domain/locale.js';
import { vatOfGross } from '../../../domain/webshop/money.js';
import { getFixedT, INTL_LOCALES } from '../../i18n/index.js';
import { devProviderPage, escapeHtml, STYLESHEET as IDP_STYLESHEET } from '../eid/dev-pages.js';

// The hosted pages of the development payment provider: a checkout to pay, decline or abandon, and its error
// page. Server-rendered, no script, styles from one file under /dev-pay (the app's CSP stays as it is).

export interface CheckoutPageLine {
  name: string;
  unitAmount: number;
  quantity: number;
  interval?: 'month' | 'year' | undefined;
}

export interface CheckoutPageInput {
  sessionId: string;
  language: Language;
  currency: string;
  lines: readonly CheckoutPageLine[];
  amountTotal: number;
  /** Authorised now, captured later: the page says so. */
  manualCapture: boolean;
}

/** VAT in Denmark (moms) and Norway (MVA): the page shows what a total in either includes. */
const VAT_RATE_PERCENT = 25;

function money(amount: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

function page(language: Language, title: string, body: string): string {
  return devProviderPage({ language, title, body, brand: 'Dev Pay', stylesheet: '/dev-pay/assets/style.css', bodyClass: 'idp pay' });
}

export function renderCheckoutPage(input: CheckoutPageInput): string {
  const { language, currency } = input;
  const t = getFixedT(language, 'dev-pay');
  const base = `/dev-pay/checkout/${encodeURIComponent(input.sessionId)}`;
  const lines = input.lines
    .map((line) => {
      const period = line.interval === 'month' ? ` ${t('perMonth')}` : line.interval === 'year' ? ` ${t('perYear')}` : '';
      return `<tr><th scope="row">${line.quantity} × ${escapeHtml(line.name)}</th><td>${escapeHtml(
        money(line.unitAmount * line.quantity, currency, language),
      )}${escapeHtml(period)}</td></tr>`;
    })
    .join('\n');
  const total = money(input.amountTotal, currency, language);
  const vat = money(vatOfGross(input.amountTotal, VAT_RATE_PERCENT), currency, language);
  return page(
    language,
    t('title'),
    `<h1>${escapeHtml(t('heading'))}</h1>
<p>${escapeHtml(t('lead'))}</p>
<table class="pay-lines">
<caption>${escapeHtml(t('order'))}</caption>
<tbody>
${lines}
</tbody>
<tfoot>
<tr><th scope="row">${escapeHtml(t('total'))}</th><td>${escapeHtml(total)}</td></tr>
<tr class="pay-vat"><th scope="row">${escapeHtml(t('vat'))}</th><td>${escapeHtml(vat)}</td></tr>
</tfoot>
</table>
${input.manualCapture ? `<p class="pay-note">${escapeHtml(t('reserve'))}</p>` : ''}
<form method="post" action="${base}/pay">
<button type="submit" class="pay-button">${escapeHtml(t('pay', { amount: total }))}</button>
</form>
${
  input.manualCapture
    ? ''
    : `<form method="post" action="${base}/pay-later">
<button type="submit" class="pay-secondary pay-later">${escapeHtml(t('payLater'))}</button>
</form>`
}
<form method="post" action="${base}/decline">
<button type="submit" class="pay-secondary">${escapeHtml(t('decline'))}</button>
</form>
<form method="post" action="${base}/abandon">
<button type="submit" class="idp-cancel">${escapeHtml(t('abandon'))}</button>
</form>
<form method="post" action="${base}/expire">
<button type="submit" class="idp-cancel pay-expire">${escapeHtml(t('expire'))}</button>
</form>`,
  );
}

/** A session paid later: the tester decides whether the payment arrives or fails. */
export function renderAwaitingPage(sessionId: string, language: Language): string {
  const t = getFixedT(language, 'dev-pay');
  const base = `/dev-pay/checkout/${encodeURIComponent(sessionId)}`;
  return page(
    language,
    t('awaitingTitle'),
    `<h1>${escapeHtml(t('awaitingTitle'))}</h1>
<p>${escapeHtml(t('awaitingLead'))}</p>
<form method="post" action="${base}/payment-arrives">
<button type="submit" class="pay-button">${escapeHtml(t('arrives'))}</button>
</form>
<form method="post" action="${base}/payment-fails">
<button type="submit" class="pay-secondary">${escapeHtml(t('fails'))}</button>
</form>`,
  );
}

export function renderPayErrorPage(language: Language, reason: 'missing' | 'over'): string {
  const t = getFixedT(language, 'dev-pay');
  return page(
    language,
    t('errorTitle'),
    `<h1>${escapeHtml(t('errorTitle'))}</h1>
<p>${escapeHtml(reason === 'missing' ? t('errorMissing') : t('errorOver'))}</p>
<p><a class="idp-back" href="/">${escapeHtml(t('back'))}</a></p>`,
  );
}

export const STYLESHEET = `${IDP_STYLESHEET}
.pay .idp-mark{color:#1d5c3a}
.pay-lines{width:100%;border-collapse:collapse;margin:1rem 0}
.pay-lines caption{text-align:left;font-weight:700;margin-bottom:.25rem}
.pay-lines th{text-align:left;font-weight:400;padding:.4rem 0;overflow-wrap:anywhere}
.pay-lines td{text-align:right;padding:.4rem 0 .4rem 1rem;white-space:nowrap}
.pay-lines tbody tr{border-bottom:1px solid #dde3e8}
.pay-lines tfoot th,.pay-lines tfoot td{font-weight:700}
.pay-lines .pay-vat th,.pay-lines .pay-vat td{font-weight:400;color:#44525e;font-size:.95rem}
.pay-note{color:#44525e}
.pay-button{width:100%;font:inherit;font-weight:700;padding:.75rem 1rem;border:0;border-radius:8px;background:#1d5c3a;color:#fff;cursor:pointer;min-height:44px;margin-top:.5rem}
.pay-secondary{width:100%;font:inherit;padding:.7rem 1rem;border:2px solid #8a1c1c;border-radius:8px;background:#fff;color:#8a1c1c;cursor:pointer;min-height:44px;margin-top:.75rem}
.pay-expire{color:#44525e}
.pay-later{border-color:#1d5c3a;color:#1d5c3a}
.pay-button:focus-visible,.pay-secondary:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
`;
