import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

const base = { map: { tileUrl: null, tileAttribution: '' }, publicUrl: 'http://localhost:3000' };
const directives = (csp: string | undefined) =>
  Object.fromEntries(
    (csp ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );

describe('the Content-Security-Policy and the tag manager', () => {
  it('allows nothing third-party without TAG_MANAGER_ID', () => {
    const csp = directives(securityHeaders({ ...base, tagManagerId: null })['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it("allows the tag manager's hosts, and only those, when the container is configured", () => {
    const csp = directives(securityHeaders({ ...base, tagManagerId: 'GTM-AB12CD3' })['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://*.googletagmanager.com']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.google-analytics.com', 'https://*.googletagmanager.com']);
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  it('keeps the map tiles beside it', () => {
    const csp = directives(
      securityHeaders({ ...base, map: { tileUrl: 'https://{s}.tile.example/{z}/{x}/{y}.png', tileAttribution: '' }, tagManagerId: null })[
        'content-security-policy'
      ],
    );
    expect(csp['img-src']).toContain('https://*.tile.example');
  });
});
