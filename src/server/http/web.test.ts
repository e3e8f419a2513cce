import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { injectState, serverState } from './web.js';

// The state written into the app shell (§1): the page's language, Icelandic included, and the tag manager.
function contextWith(tagManagerId: string | null): AppContext {
  return {
    config: { embedded: true, env: 'test', map: { tileUrl: null, tileAttribution: '' }, tagManagerId },
    mailer: { delivers: false },
  } as unknown as AppContext;
}
const request = (headers: Record<string, string>) => ({ headers, query: {} }) as unknown as FastifyRequest;

describe('the server state of a page', () => {
  it('shows the page in Icelandic from the cookie or the browser, and anything unknown in Danish', () => {
    const ctx = contextWith(null);
    expect(serverState(ctx, request({ cookie: 'lang=is' }), 'v1').language).toBe('is');
    expect(serverState(ctx, request({ 'accept-language': 'is-IS,is;q=0.9' }), 'v1').language).toBe('is');
    expect(serverState(ctx, request({ cookie: 'lang=xx', 'accept-language': 'is' }), 'v1').language).toBe('da');
    expect(serverState(ctx, request({ 'accept-language': 'en-GB' }), 'v1').language).toBe('en');
  });

  it('names the tag manager container only when one is configured', () => {
    expect(serverState(contextWith(null), request({}), 'v1').tagManagerId).toBeNull();
    expect(serverState(contextWith('GTM-AB12CD3'), request({}), 'v1').tagManagerId).toBe('GTM-AB12CD3');
  });

  it('sets <html lang> to the page language, Icelandic included', () => {
    const state = serverState(contextWith(null), request({ cookie: 'lang=is' }), 'v1');
    const html = injectState('<!doctype html><html lang="da"><head><!--app-state--></head></html>', state);
    expect(html).toContain('<html lang="is"');
    expect(html).toContain('"language":"is"');
  });

  it('gives the shell’s meta description in the page’s language (Icelandic pages: the §5 one, Danish)', () => {
    const shell = '<html lang="da"><head><meta name="description" content="Dansk" /><!--app-state--></head></html>';
    const page = (cookie: string) => injectState(shell, serverState(contextWith(null), request({ cookie }), 'v1'));
    expect(page('lang=en')).toContain('<meta name="description" content="Register your bike with its frame number');
    expect(page('lang=no')).toContain('<meta name="description" content="Registrer sykkelen din med rammenummer');
    expect(page('lang=is')).toContain('<meta name="description" content="Registrér din cykel med stelnummer');
  });
});
