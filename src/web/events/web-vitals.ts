// §7 Core Web Vitals. The web-vitals library is loaded only after the first interaction (or 10 s after
// load), so it is no part of a page's first load (design.md budget); its observers are buffered, so
// late loading loses no entries.
export function startWebVitals(): void {
  const start = () => {
    import('./report-web-vitals').then(
      (module) => module.reportWebVitals(),
      () => undefined,
    );
  };
  const INTERACTIONS = ['pointerdown', 'keydown', 'scroll'] as const;
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) window.removeEventListener(type, once, true);
    start();
  };
  for (const type of INTERACTIONS) window.addEventListener(type, once, { capture: true, passive: true });
  const afterLoad = () => setTimeout(once, 10_000);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
