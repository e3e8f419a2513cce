import { type EventInput, eventBody, eventUrl } from './payload';

/** §7 installed=true when the app runs as an installed app (standalone display), not in a browser tab. */
export function isInstalled(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/**
 * Sends an event without waiting for it and without ever failing the page. A beacon survives the page
 * being closed; it cannot carry headers, which the public endpoint does not need. Fetch with keepalive
 * is the fallback where beacons are missing or refused (queue full).
 */
export function sendEvent(category: string, action: string, input: EventInput = {}, href = window.location.href): void {
  try {
    const url = eventUrl(category, action, isInstalled());
    const body = JSON.stringify(eventBody(input, { eventId: crypto.randomUUID(), href }));
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
