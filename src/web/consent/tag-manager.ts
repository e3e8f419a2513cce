// §1 tag manager: its script is loaded only after the visitor has consented to statistics (consent-store.ts),
// from the container named by TAG_MANAGER_ID, and the §7 events reach its dataLayer only then.

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let loaded = false;

export function tagManagerUrl(containerId: string): string {
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
}

/** Loads the container once (the tag manager's own start-up entry first, as its snippet does). */
export function loadTagManager(containerId: string): void {
  if (loaded) return;
  loaded = true;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = tagManagerUrl(containerId);
  document.head.append(script);
}

export function tagManagerLoaded(): boolean {
  return loaded;
}

/** An entry for the tag manager: dropped unless it was loaded, that is unless the visitor consented. */
export function pushToDataLayer(entry: Record<string, unknown>): void {
  if (loaded) window.dataLayer?.push(entry);
}

/**
 * Removes the statistics cookies the tag manager's tags may have set (Google Analytics' _ga, _ga_…, _gid, _gat…),
 * on this host and the domains above it, where such tags put them. Through the Cookie Store API; a browser
 * without it keeps them until they expire (they are no longer read: the tags do not load again).
 */
export async function forgetStatisticsCookies(): Promise<void> {
  if (!('cookieStore' in window)) return;
  const labels = window.location.hostname.split('.');
  const domains = labels.map((_, i) => labels.slice(i).join('.')).filter((domain) => domain.includes('.'));
  const cookies = await window.cookieStore.getAll();
  for (const { name } of cookies) {
    if (!name || !/^_(ga|gid|gat)/.test(name)) continue;
    await window.cookieStore.delete({ name, path: '/' });
    for (const domain of domains) await window.cookieStore.delete({ name, path: '/', domain }).catch(() => undefined);
  }
}
