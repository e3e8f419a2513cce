// §1 installable app: the worker is registered after the page has loaded, so it never competes with
// first paint. The build version in its URL makes each deploy install a fresh worker and cache.
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      await navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(__APP_VERSION__)}`, { scope: '/' });
      const registration = await navigator.serviceWorker.ready;
      // Files fetched before the worker controlled the page (its first visit, or a lazy page still loading
      // when the worker arrived) are handed to it by name to cache, as each one completes.
      const observer = new PerformanceObserver((list) => {
        const urls = list
          .getEntries()
          .map((entry) => entry.name)
          .filter((url) => /^\/(assets|i18n)\//.test(new URL(url).pathname));
        if (urls.length > 0) registration.active?.postMessage({ type: 'cache-assets', urls });
      });
      observer.observe({ type: 'resource', buffered: true });
    } catch (error) {
      console.warn('service worker not registered', error);
    }
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
