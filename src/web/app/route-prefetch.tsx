import { useEffect } from 'react';
import { matchRoutes, type RouteObject, useLocation } from 'react-router';
import { pageLoader } from '../lib/lazy-page';
import { createPrefetchQueue, prefetchAllowed } from '../lib/prefetch';

const queue = createPrefetchQueue();
const PREFETCH_MARK = 'prefetch-start';

/** Runs once the page has loaded and the browser is idle (a timer where requestIdleCallback is missing). */
function whenIdle(run: () => void): () => void {
  // Safari has no requestIdleCallback.
  const idleCallback = 'requestIdleCallback' in window ? window.requestIdleCallback.bind(window) : null;
  let cancelled = false;
  let cancel = () => {};
  const start = () => {
    if (cancelled) return;
    if (idleCallback) {
      const id = idleCallback(run, { timeout: 5_000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 1_000);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', start);
    cancel();
  };
}

/** The links a visitor is likely to follow next: the header's menu first, then those in view, in page order. */
function likelyNextPaths(): string[] {
  const inView = (link: Element) => {
    const box = link.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
  };
  const menu = [...document.querySelectorAll('.site-header a[href]')];
  const page = [...document.querySelectorAll('main a[href], footer a[href]')].filter(inView);
  const paths = new Set<string>();
  for (const link of [...menu, ...page]) {
    const url = new URL((link as HTMLAnchorElement).href, window.location.href);
    if (url.origin === window.location.origin && url.pathname !== window.location.pathname) paths.add(url.pathname);
  }
  return [...paths];
}

/**
 * §9 page prefetch: after each page is idle, fetches the code of the pages its links lead to (four at a time, 3 s
 * apart), unless the visitor saves data or is on a slow connection. Pages under /app, /insurance and /backoffice
 * bring their own route tables: for those the table's code is fetched, the page's own on the visit.
 */
export function RoutePrefetch({ routes }: { routes: RouteObject[] }): null {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every change of page
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
    if (!prefetchAllowed(connection)) return;
    return whenIdle(() => {
      const loaders = likelyNextPaths().flatMap((path) =>
        (matchRoutes(routes, path) ?? []).map((match) => pageLoader(match.route.element)).filter((loader) => loader !== null),
      );
      // Where a page's own first load ends: what comes after this mark is fetched ahead (the budget counts before it).
      if (loaders.length > 0 && performance.getEntriesByName(PREFETCH_MARK).length === 0) performance.mark(PREFETCH_MARK);
      queue.add(loaders);
    });
  }, [pathname, routes]);
  return null;
}
