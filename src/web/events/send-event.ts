import { pushToDataLayer } from '../consent/tag-manager';
import { type EventInput, eventBody, eventUrl, tagManagerEntry } from './payload';

/** §7 installed=true when the app runs as an installed app (standalone display), not in a browser tab. */
export function isInstalled(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/**
 * Sends an event without waiting for it and without ever failing the page; the same event goes to the tag
 * manager's dataLayer too, but only when the visitor has consented to statistics (it is loaded only then). A beacon survives the page
 * being closed; it cannot carry headers, which the public endpoint does not need. Fetch with keepalive
 * is the fallback where beacons are missing or refused (queue full).
 */
export function sendEvent(category: string, action: string, input: EventInput = {}, href = window.location.href): void {
  try {
    const url = eventUrl(category, action, isInstalled());
    const event = eventBody(input, { eventId: crypto.randomUUID(), href });
    pushToDataLayer(tagManagerEntry(category, action, event));
    const body = JSON.stringify(event);
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
    void fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  } catch {
    // Analytics must never break the app.
  }
}
