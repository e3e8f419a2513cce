import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/** The origin of the map tile server, for the CSP's img-src ({s} subdomains allowed). */
function tileOrigins(tileUrl: string | null): string[] {
  if (!tileUrl) return [];
  const origin = new URL(tileUrl.replace(/\{s\}/g, 'a')).origin;
  return tileUrl.includes('{s}') ? [origin.replace('//a.', '//*.')] : [origin];
}

/**
 * Where the tag manager's script and what it loads come from and report to (Google's list for Tag Manager with
 * Google Analytics 4). Allowed only when TAG_MANAGER_ID is set; the page loads the script only after the visitor
 * has consented to statistics (web/consent).
 */
const TAG_MANAGER_SOURCES = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/**
 * The headers helmet sets, worked out once: helmet's middleware run against a stand-in answer that records them.
 * Our options hold no per-request parts (no CSP nonces), so every answer gets the same ones.
 */
function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    () => {},
  );
  return headers;
}

/** The security headers of every answer (helmet's, with our Content-Security-Policy), from the configuration. */
export function securityHeaders(config: Pick<Config, 'map' | 'publicUrl' | 'tagManagerId'>): Record<string, string> {
  const tags = config.tagManagerId ? TAG_MANAGER_SOURCES : { script: [], img: [], connect: [] };
  return helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the register page read a plate's QR code with zxing (WebAssembly,
        // served from this site); it allows compiling WebAssembly, not eval of scripts.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...tags.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the configured tile server (MAP_TILE_URL), if any.
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins(config.map.tileUrl), ...tags.img],
        connectSrc: ["'self'", ...tags.connect],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The app is served over plain HTTP on localhost in embedded mode.
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
}
