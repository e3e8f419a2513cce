import type { Language, Region } from '../../../domain/locale.js';
import { getFixedT, INTL_LOCALES } from '../../i18n/index.js';
import { fullName, type SocialTestPerson, type TestIdentity } from './dev-identities.js';

// The pages of the development identity provider: choose a test person, or cancel; and its error page.
// Server-rendered, no script, styles from one file under /dev-idp (the app's CSP stays as it is).

const PROVIDER_NAME: Record<Region | 'any', string> = { dk: 'MitID', no: 'BankID', any: 'MitID / BankID' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function formatBirthdate(date: string, language: Language): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(parsed);
}

/**
 * The page around a development provider's content (this one's and the payment provider's): no script, the
 * provider's stylesheet, its name with a TEST badge.
 */
export function devProviderPage(p: {
  language: Language;
  title: string;
  body: string;
  brand: string;
  stylesheet: string;
  bodyClass: string;
}): string {
  return `<!doctype html>
<html lang="${p.language === 'no' ? 'nb' : p.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(p.title)}</title>
<link rel="stylesheet" href="${p.stylesheet}">
</head>
<body class="${p.bodyClass}">
<main class="idp-card">
<p class="idp-brand"><span class="idp-mark">${escapeHtml(p.brand)}</span> <span class="idp-badge">TEST</span></p>
${p.body}
</main>
</body>
</html>`;
}

function page(language: Language, region: Region | 'any', title: string, body: string, brand = PROVIDER_NAME[region]): string {
  return devProviderPage({ language, title, body, brand, stylesheet: '/dev-idp/assets/style.css', bodyClass: `idp idp-${region}` });
}

export interface LoginPageInput {
  uid: string;
  language: Language;
  region: Region | 'any';
  people: readonly TestIdentity[];
}

export function renderLoginPage({ uid, language, region, people }: LoginPageInput): string {
  const t = getFixedT(language, 'dev-idp');
  const provider = PROVIDER_NAME[region];
  const base = `/dev-idp/interaction/${encodeURIComponent(uid)}`;
  const buttons = people
    .map(
      (person) => `<li><button type="submit" name="identity" value="${escapeHtml(person.sub)}" class="idp-person">
<span class="idp-name">${escapeHtml(fullName(person))}</span>
<span class="idp-meta">${t('born')} ${escapeHtml(formatBirthdate(person.birthdate, language))}</span>
</button></li>`,
    )
    .join('\n');
  return page(
    language,
    region,
    t('title', { provider }),
    `<h1>${escapeHtml(t('heading', { provider }))}</h1>
<p>${t('lead')}</p>
<p>${t('request')}</p>
<form method="post" action="${base}/login">
<h2 id="people-title">${t('choose')}</h2>
<ul class="idp-people" aria-labelledby="people-title">
${buttons}
</ul>
</form>
<form method="post" action="${base}/abort">
<button type="submit" class="idp-cancel">${t('cancel')}</button>
</form>`,
  );
}

/** The page of the social client: test people with an email each. */
export function renderSocialLoginPage({ uid, language, people }: { uid: string; language: Language; people: readonly SocialTestPerson[] }) {
  const t = getFixedT(language, 'dev-idp', 'social');
  const base = `/dev-idp/interaction/${encodeURIComponent(uid)}`;
  const buttons = people
    .map(
      (person) => `<li><button type="submit" name="identity" value="${escapeHtml(person.sub)}" class="idp-person">
<span class="idp-name">${escapeHtml(`${person.givenName} ${person.familyName}`)}</span>
<span class="idp-meta idp-email">${escapeHtml(person.email)}</span>
<span class="idp-meta">${person.emailVerified ? t('verified') : t('unverified')}</span>
</button></li>`,
    )
    .join('\n');
  return page(
    language,
    'any',
    t('title'),
    `<h1>${escapeHtml(t('heading'))}</h1>
<p>${t('lead')}</p>
<p>${t('request')}</p>
<form method="post" action="${base}/login">
<h2 id="people-title">${t('choose')}</h2>
<ul class="idp-people" aria-labelledby="people-title">
${buttons}
</ul>
</form>
<form method="post" action="${base}/abort">
<button type="submit" class="idp-cancel">${t('cancel')}</button>
</form>`,
    t('brand'),
  );
}

export function renderErrorPage(language: Language, backUrl: string, code: string | null): string {
  const t = getFixedT(language, 'dev-idp');
  return page(
    language,
    'any',
    t('errorTitle'),
    `<h1>${t('errorTitle')}</h1>
<p>${t('errorBody')}</p>
${code ? `<p class="idp-code"><code>${escapeHtml(code)}</code></p>` : ''}
<p><a class="idp-back" href="${escapeHtml(backUrl)}">${t('back')}</a></p>`,
  );
}

export const STYLESHEET = `
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#14202b;background:#eef2f5;line-height:1.5}
body{margin:0;padding:1rem}
.idp-card{max-width:32rem;margin:2rem auto;background:#fff;border:1px solid #c5ced6;border-radius:12px;padding:1.5rem}
.idp-brand{margin:0 0 1rem;display:flex;align-items:center;gap:.5rem}
.idp-mark{font-weight:800;font-size:1.4rem;color:#0a3d91}
.idp-no .idp-mark{color:#2b1b6b}
.idp-badge{font-size:.75rem;font-weight:700;letter-spacing:.08em;background:#7a4d00;color:#fff;border-radius:4px;padding:.1rem .4rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
.idp-people{list-style:none;margin:0 0 1rem;padding:0;display:grid;gap:.5rem}
.idp-person{width:100%;display:flex;flex-direction:column;align-items:flex-start;gap:.1rem;text-align:left;font:inherit;padding:.75rem 1rem;border:2px solid #0a3d91;border-radius:8px;background:#f4f8ff;color:#14202b;cursor:pointer;min-height:44px}
.idp-no .idp-person{border-color:#2b1b6b;background:#f6f3ff}
.idp-person:hover{background:#e3ecfb}
.idp-name{font-weight:700}
.idp-meta{color:#44525e;font-size:.95rem}
.idp-email{overflow-wrap:anywhere}
.idp-cancel{font:inherit;background:none;border:0;padding:.5rem 0;color:#0a3d91;text-decoration:underline;cursor:pointer;min-height:44px}
.idp-person:focus-visible,.idp-cancel:focus-visible,.idp-back:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
.idp-back{color:#0a3d91;font-weight:600}
.idp-code{color:#44525e;font-size:.9rem}
`;
