import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from './index';

// The catalogs as the built site serves them (/i18n/<language>/<namespace>.json); a missing one answers the app
// shell, as the server does for an unknown path.
const catalogs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../i18n');
function serveCatalogs(url: string): Response {
  const match = /^\/i18n\/([a-z]{2})\/([a-z-]+)\.json/.exec(url);
  try {
    if (!match) throw new Error('not a catalog');
    const text = readFileSync(path.join(catalogs, match[1] ?? '', `${match[2]}.json`), 'utf8');
    return new Response(text, { headers: { 'content-type': 'application/json' } });
  } catch {
    return new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
  }
}

describe('the page in Icelandic (partial texts, §1)', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', async (url: string) => serveCatalogs(url));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the Icelandic text where there is one, and Danish, key by key, where there is none', async () => {
    const i18n = i18next.createInstance();
    await initI18n('is', i18n);
    await i18n.loadNamespaces(['identity']);
    expect(i18n.resolvedLanguage).toBe('is');
    expect(i18n.t('nav.logIn')).toBe('Skrá inn');
    // No Icelandic catalog of the login page: its texts come in Danish.
    const danish = JSON.parse(readFileSync(path.join(catalogs, 'da', 'identity.json'), 'utf8'));
    expect(i18n.t('identity:login.title')).toBe(danish.login.title);
    // A key Icelandic lacks within a catalog it has falls back to Danish too, and one Danish lacks to English.
    i18n.addResource('da', 'common', 'onlyDanish', 'Kun på dansk');
    i18n.addResource('en', 'common', 'onlyEnglish', 'English only');
    expect(i18n.t('onlyDanish')).toBe('Kun på dansk');
    expect(i18n.t('onlyEnglish')).toBe('English only');
  });

  it('loads no other language for a complete one', async () => {
    const i18n = i18next.createInstance();
    await initI18n('no', i18n);
    expect(i18n.t('nav.logIn')).toBe('Logg inn');
    expect(i18n.hasResourceBundle('da', 'common')).toBe(false);
  });
});
