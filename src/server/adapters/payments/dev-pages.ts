import type { FastifyRequest } from 'fastify';
import { isLanguage, type Language, languageFromAcceptLanguage } from '../../../domain/locale.js';
import { vatOfGross } from '../../../domain/webshop/money.js';
import { getFixedT, INTL_LOCALES } from '../../i18n/index.js';
import { devProviderPage, escapeHtml, STYLESHEET as IDP_STYLESHEET } from '../eid/dev-pages.js';

// The hosted pages of the development payment provider: a checkout to pay, decline or abandon, the customer
// portal, and the error page. Server-rendered, no script, styles from one file under /dev-pay (the app's CSP
// stays as it is).

/** The language of a hosted page: the app's language cookie, else the browser's languages. */
export function languageOf(request: FastifyRequest): Language {
  const cookie = /(?:^|;\s*)lang=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
  return isLanguage(cookie) ? cookie : languageFromAcceptLanguage(request.headers['accept-language']);
}

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
  /** Whether the tester may pay asynchronously (pay later): a one-off payment captured at once only. */
  offerPayLater: boolean;
}

/** VAT in Denmark (moms) and Norway (MVA): the page shows what a total in either includes. */
const VAT_RATE_PERCENT = 25;

function money(amount: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

/** " per month" or " per year" after an amount billed that often. */
function periodText(interval: 'month' | 'year' | null | undefined, language: Language): string {
  const t = getFixedT(language, 'dev-pay');
  return interval === 'month' ? ` ${t('perMonth')}` : interval === 'year' ? ` ${t('perYear')}` : '';
}

function date(seconds: number, language: Language): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(seconds * 1000);
}

function page(language: Language, title: string, body: string): string {
  return devProviderPage({ language, title, body, brand: 'Dev Pay', stylesheet: '/dev-pay/assets/style.css', bodyClass: 'idp pay' });
}

export function renderCheckoutPage(input: CheckoutPageInput): string {
  const { language, currency } = input;
  const t = getFixedT(language, 'dev-pay');
  const base = `/dev-pay/checkout/${encodeURIComponent(input.sessionId)}`;
  const lines = input.lines
    .map(
      (line) =>
        `<tr><th scope="row">${line.quantity} × ${escapeHtml(line.name)}</th><td>${escapeHtml(
          money(line.unitAmount * line.quantity, currency, language),
        )}${escapeHtml(periodText(line.interval, language))}</td></tr>`,
    )
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
  input.offerPayLater
    ? `<form method="post" action="${base}/pay-later">
<button type="submit" class="pay-secondary pay-later">${escapeHtml(t('payLater'))}</button>
</form>`
    : ''
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

export interface PortalPlan {
  priceId: string;
  name: string;
  unitAmount: number;
  interval: 'month' | 'year' | null;
}

export interface PortalPageInput {
  sessionId: string;
  language: Language;
  /** Where "Back" goes: the session's return_url. */
  returnUrl: string | null;
  subscriptions: {
    id: string;
    plan: PortalPlan;
    quantity: number;
    currency: string;
    status: string;
    cancelAtPeriodEnd: boolean;
    periodEnd: number;
    endedAt: number | null;
    canCancel: boolean;
    /** The configuration's other plans this subscription may switch to. */
    switchTo: PortalPlan[];
  }[];
  /** Null when the configuration shows no invoice history. */
  invoices: { number: string; created: number; total: number; currency: string; paid: boolean }[] | null;
}

/** The customer portal: the customer's subscriptions, what the configuration lets them change, test controls, invoices. */
export function renderPortalPage(input: PortalPageInput): string {
  const { language } = input;
  const t = getFixedT(language, 'dev-pay', 'portal');
  const base = `/dev-pay/portal/${encodeURIComponent(input.sessionId)}/subscriptions`;
  const button = (subscriptionId: string, action: string, label: string, className: string, field = '') =>
    `<form method="post" action="${base}/${encodeURIComponent(subscriptionId)}/${action}">${field}<button type="submit" class="${className}">${escapeHtml(label)}</button></form>`;
  const price = (plan: PortalPlan, currency: string) =>
    `${money(plan.unitAmount, currency, language)}${periodText(plan.interval, language)}`;
  const subscriptions = input.subscriptions.map((s) => {
    const live = s.status !== 'canceled';
    const when = !live
      ? t('ended', { date: date(s.endedAt ?? s.periodEnd, language) })
      : s.cancelAtPeriodEnd
        ? t('endsOn', { date: date(s.periodEnd, language) })
        : t('renewsOn', { date: date(s.periodEnd, language) });
    const actions = live
      ? [
          s.canCancel && !s.cancelAtPeriodEnd ? button(s.id, 'cancel', t('cancel'), 'pay-secondary') : '',
          s.cancelAtPeriodEnd ? button(s.id, 'resume', t('resume'), 'pay-button') : '',
          ...s.switchTo.map((plan) =>
            button(
              s.id,
              'switch',
              t('switchTo', { plan: plan.name, price: price(plan, s.currency) }),
              'pay-secondary pay-later',
              `<input type="hidden" name="price" value="${escapeHtml(plan.priceId)}">`,
            ),
          ),
          `<div class="portal-test"><h3>${escapeHtml(t('testControls'))}</h3>
${button(s.id, 'renew', t(s.status === 'past_due' ? 'retryPayment' : 'renewNow'), 'pay-secondary pay-later')}
${s.status === 'active' && !s.cancelAtPeriodEnd ? button(s.id, 'fail-renewal', t('failRenewal'), 'pay-secondary') : ''}
</div>`,
        ]
      : [];
    return `<section class="portal-sub">
<h2>${escapeHtml(s.plan.name)}${s.quantity > 1 ? ` × ${s.quantity}` : ''}</h2>
<p class="portal-price">${escapeHtml(price(s.plan, s.currency))}</p>
<p><span class="portal-status portal-${escapeHtml(s.status)}">${escapeHtml(t(`status.${s.status}`, { defaultValue: s.status }))}</span> ${escapeHtml(when)}</p>
${actions.filter(Boolean).join('\n')}
</section>`;
  });
  const invoices =
    input.invoices === null
      ? ''
      : `<h2>${escapeHtml(t('invoices'))}</h2>
${
  input.invoices.length === 0
    ? `<p>${escapeHtml(t('noInvoices'))}</p>`
    : `<table class="pay-lines portal-invoices">
<thead><tr><th scope="col">${escapeHtml(t('invoiceNumber'))}</th><th scope="col">${escapeHtml(t('invoiceDate'))}</th><th scope="col" class="portal-amount">${escapeHtml(t('invoiceAmount'))}</th></tr></thead>
<tbody>
${input.invoices
  .map(
    (invoice) =>
      `<tr><th scope="row">${escapeHtml(invoice.number)}<br><span class="portal-status portal-${invoice.paid ? 'active' : 'past_due'}">${escapeHtml(
        t(invoice.paid ? 'invoicePaid' : 'invoiceOpen'),
      )}</span></th><td class="portal-date">${escapeHtml(date(invoice.created, language))}</td><td>${escapeHtml(money(invoice.total, invoice.currency, language))}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`
}`;
  return page(
    language,
    t('title'),
    `<h1>${escapeHtml(t('title'))}</h1>
<p>${escapeHtml(t('lead'))}</p>
${subscriptions.length > 0 ? subscriptions.join('\n') : `<p>${escapeHtml(t('noSubscriptions'))}</p>`}
${invoices}
<p><a class="idp-back" href="${escapeHtml(input.returnUrl ?? '/')}">${escapeHtml(t('back'))}</a></p>`,
  );
}

const ERROR_TEXTS = {
  missing: ['errorTitle', 'errorMissing'],
  over: ['errorTitle', 'errorOver'],
  portalMissing: ['portal.errorTitle', 'portal.errorMissing'],
  portalOver: ['portal.errorTitle', 'portal.errorOver'],
} as const;

export function renderPayErrorPage(language: Language, reason: keyof typeof ERROR_TEXTS): string {
  const t = getFixedT(language, 'dev-pay');
  const [title, text] = ERROR_TEXTS[reason];
  return page(
    language,
    t(title),
    `<h1>${escapeHtml(t(title))}</h1>
<p>${escapeHtml(t(text))}</p>
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
.portal-sub{border-top:1px solid #dde3e8;padding-top:.5rem;margin-top:1rem}
.portal-sub h2{margin-bottom:.25rem}
.portal-price{margin:0;font-weight:700}
.portal-status{display:inline-block;font-size:.85rem;font-weight:700;border-radius:4px;padding:.05rem .4rem;background:#e3f1e8;color:#1d5c3a}
.portal-past_due,.portal-canceled{background:#fbe9e9;color:#8a1c1c}
.portal-test{margin-top:1rem;border:2px dashed #7a4d00;border-radius:8px;padding:.25rem .75rem .75rem}
.portal-test h3{font-size:1rem;margin:.5rem 0 0;color:#7a4d00}
.portal-invoices th{font-weight:400}
.portal-invoices thead th{font-weight:700}
.portal-invoices thead th+th{padding-left:1rem}
.portal-invoices .portal-amount{text-align:right}
.portal-invoices .portal-date{text-align:left;white-space:normal}
`;
