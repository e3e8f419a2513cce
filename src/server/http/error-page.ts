import type { Language, Theme } from '../../domain/locale.js';
import { t } from '../i18n/index.js';

// The server's own pages for when the web app cannot show one: a page request that failed on the server (500),
// and the shell whose scripts never started. Plain HTML with its style inline, so it needs nothing else to load;
// the same card, colours and words (common:pageError) as the web app's error page (web/app/route-error.tsx).

const BRAND: Record<Theme, { brand: string; onBrand: string; header: string; headerText: string }> = {
  main: { brand: '#004568', onBrand: '#ffffff', header: '#ffffff', headerText: '#004568' },
  dcu: { brand: '#b3121b', onBrand: '#ffffff', header: '#ffffff', headerText: '#b3121b' },
  nafBrand: { brand: '#1a1a1a', onBrand: '#ffd200', header: '#ffd200', headerText: '#1a1a1a' },
};

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function style(theme: Theme): string {
  const c = BRAND[theme];
  return `.server-error{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1b2329;background:#f5f7f9;line-height:1.5;min-height:100vh;margin:0}
.server-error header{background:${c.header};border-bottom:1px solid #c9d2d9;padding:1rem;font-weight:700;font-size:1.1rem;color:${c.headerText}}
.server-error main{padding:2rem 1rem}
.server-error section{background:#fff;border:1px solid #c9d2d9;border-radius:10px;padding:clamp(1.25rem,4vw,2rem);max-width:480px;margin:0 auto}
.server-error h1{font-size:clamp(1.6rem,4vw,2.2rem);line-height:1.2;margin:0 0 .75rem}
.server-error p{margin:0 0 1rem}
.server-error .actions{display:flex;flex-wrap:wrap;align-items:flex-start;gap:.75rem}
.server-error a{display:inline-flex;align-items:center;box-sizing:border-box;min-height:44px;line-height:1.2;padding:.6rem 1.2rem;border-radius:8px;border:2px solid ${c.brand};font-weight:600;text-decoration:none;color:${c.brand};background:#fff}
.server-error a.primary{background:${c.brand};color:${c.onBrand}}
.server-error code{font-size:.95rem;background:#e9eef2;padding:.1rem .35rem;border-radius:4px;word-break:break-all}`;
}

/** The page to try again: the address asked for, as a path of this site only (never `//elsewhere`). */
const samePath = (url: string) => (/^\/(?![/\\])/.test(url) ? url : '/');

function card(language: Language, title: string, body: string, requestId: string | null, retryHref: string): string {
  const text = (key: string) => escapeHtml(t(language, `common:pageError.${key}`));
  const reference = requestId ? `<p>${text('reference')} <code>${escapeHtml(requestId)}</code></p>` : '';
  return `<header>${escapeHtml(t(language, 'common:brand'))}</header>
<main><section role="alert">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
${reference}<div class="actions"><a class="primary" href="${escapeHtml(samePath(retryHref))}">${text('retry')}</a> <a href="/">${text('home')}</a> <a href="/support/chat">${text('support')}</a></div>
</section></main>`;
}

/** The whole page answered with a 500 to a page request the server failed to serve. */
export function serverErrorPage(options: { language: Language; theme: Theme; requestId: string; url: string }): string {
  const { language, theme, requestId, url } = options;
  const title = t(language, 'common:pageError.title');
  return `<!doctype html>
<html lang="${language}"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${style(theme)}</style></head>
<body class="server-error">${card(language, title, t(language, 'common:pageError.body'), requestId, url)}</body></html>`;
}

/**
 * Put after the app's root in the shell: hidden, and shown only if the root is still empty ten seconds after the
 * page came (its scripts failed to load or to start), by CSS alone, since the page's scripts are what failed.
 */
export function bootErrorFallback(language: Language, theme: Theme, url: string): string {
  const content = card(language, t(language, 'common:pageError.bootTitle'), t(language, 'common:pageError.bootBody'), null, url);
  return `<style>${style(theme)}
.boot-error{display:none}
#root:empty~.boot-error{display:block;position:fixed;inset:0;overflow:auto;visibility:hidden;animation:boot-error-show 0s 10s forwards}
@keyframes boot-error-show{to{visibility:visible}}</style>
<div class="boot-error server-error">${content}</div>`;
}
