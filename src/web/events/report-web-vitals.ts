import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { WEB_VITALS_DEBOUNCE_MS } from '../../domain/constants';
import { keyedDebounce } from './debounce';
import { metricEvent } from './payload';
import { sendEvent } from './send-event';

/**
 * Every change of a metric is pushed; the latest value of each metric goes out after 3 s without
 * change (§7). When the page is hidden, pending values go out at once: it may never come back.
 */
export function reportWebVitals(): void {
  // The metrics belong to the page load, so they name the URL that was loaded, not the route shown later.
  const loadedUrl = performance.getEntriesByType('navigation')[0]?.name || window.location.href;
  const debounce = keyedDebounce<Metric>(WEB_VITALS_DEBOUNCE_MS, (name, metric) =>
    sendEvent('web-vitals', name, metricEvent(metric), loadedUrl),
  );
  const report = (metric: Metric) => {
    debounce.push(metric.name, metric);
    if (document.visibilityState === 'hidden') debounce.flush();
  };
  for (const observe of [onCLS, onFCP, onINP, onLCP, onTTFB]) observe(report, { reportAllChanges: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') debounce.flush();
  });
  window.addEventListener('pagehide', () => debounce.flush());
}
