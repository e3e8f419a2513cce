import { describe, expect, it } from 'vitest';
import type { Session } from '../../domain/session';
import { afterLoginPath, decideAccess, isPublicPath, safePath, signupRedirectPath } from './access';

// §2 Access redirects, as a decision table.

const session = (overrides: Partial<Session> = {}): Session => ({
  exp: Math.floor(Date.now() / 1000) + 3600,
  email: 'ole@example.dk',
  party_id: 'party-1',
  identity_party_id: 'party-1',
  identity_signed_up_at: '2024-01-01T00:00:00.000Z',
  verified_on: null,
  organisation_type: null,
  ...overrides,
});
const insurer = session({ party_id: 'insurer-7', organisation_type: 'insurance_company' });

const toLogin = (storeReturnPath: string | null) => ({ kind: 'redirect', to: '/login', storeReturnPath, replace: true });

describe('isPublicPath', () => {
  it.each([
    '/login',
    '/login/',
    '/signup',
    '/signup/newsletter',
    '/signup/newsletter-sleek',
    '/signup/from-scan',
    '/reset-password',
    '/reset-password-succes',
    '/forgot-passw-check-mail',
    '/forgot-password',
    '/flows',
    '/flows/insurance.contents/step-2',
  ])('%s is open to a visitor (§2 list)', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it('opens every path outside the signed-in trees: public pages, and unknown paths show the 404 page without a detour', () => {
    for (const path of [
      '/login-help',
      '/signupx',
      '/flowsheet',
      '/xlogin',
      '/Login',
      '/our-mission',
      '/advisory-board',
      '/hvordan',
      '/forsikringsfordel',
      '/help',
      '/no-such-page',
      '/dk/anything',
      '/apps',
    ]) {
      expect(isPublicPath(path)).toBe(true);
    }
  });

  it.each([
    '/signup/from-scan/create-bikes-loop',
    '/signup/from-scan/create-bikes-loop/bike-1',
    '/signup/from-scan/create-bikes-loop/bike-1/add-photos',
  ])('%s needs a session although it starts with /signup', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });

  it.each([
    '/app',
    '/app/',
    '/app/settings',
    '/backoffice',
    '/backoffice/plates',
    '/insurance',
    '/insurance/x/admin',
    '/app/my-bikes/1',
    '/app/no-such-page',
  ])('%s needs a session', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });

  it('lets a visitor write to a bike owner before signing in, but not see the answer pages (issue 5)', () => {
    expect(isPublicPath('/app/bikes/b-1/contact-bike-owner')).toBe(true);
    expect(isPublicPath('/app/bikes/b-1/contact-bike-owner/success')).toBe(false);
    expect(isPublicPath('/app/bikes/b-1/x/contact-bike-owner')).toBe(false);
    expect(isPublicPath('/app/chats')).toBe(false);
  });

  it('opens the public webshop; its way in, checkout and payment results need a session (issue 12)', () => {
    expect(isPublicPath('/webshop')).toBe(true);
    for (const path of [
      '/go-to-webshop',
      '/checkout/registration',
      '/purchase-complete-redirect',
      '/purchase-failed',
      '/purchase-subscription-redirect',
      '/organisation-payment-complete-redirect',
    ]) {
      expect(isPublicPath(path)).toBe(false);
    }
    expect(decideAccess({ pathname: '/go-to-webshop', search: '?product=extra_plate', session: null })).toEqual({
      kind: 'redirect',
      to: '/login',
      storeReturnPath: '/go-to-webshop?product=extra_plate',
      replace: true,
    });
  });

  it.each(['/', '/404', '/verify-email', '/successfully-deleted'])(
    '%s is open: a page a visitor must reach (home, 404, mail links, goodbye)',
    (path) => {
      expect(isPublicPath(path)).toBe(true);
    },
  );
});

describe('decideAccess', () => {
  it.each([
    ['/login', ''],
    ['/signup', '?region=no'],
    ['/forgot-password', ''],
    ['/reset-password', '?token=abc'],
    ['/flows/x/y', ''],
  ])('lets a visitor open %s%s', (pathname, search) => {
    expect(decideAccess({ pathname, search, session: null })).toEqual({ kind: 'allow' });
  });

  it('sends a visitor to /login, storing the path and query to return to', () => {
    expect(decideAccess({ pathname: '/app/settings', search: '?tab=caution', session: null })).toEqual(
      toLogin('/app/settings?tab=caution'),
    );
    expect(decideAccess({ pathname: '/signup/from-scan/create-bikes-loop', search: '', session: null })).toEqual(
      toLogin('/signup/from-scan/create-bikes-loop'),
    );
    expect(decideAccess({ pathname: '/backoffice/identities', search: '', session: null })).toEqual(toLogin('/backoffice/identities'));
  });

  it('sends a visitor at /app to /login without storing a return path', () => {
    expect(decideAccess({ pathname: '/app', search: '', session: null })).toEqual(toLogin(null));
    expect(decideAccess({ pathname: '/app/', search: '?x=1', session: null })).toEqual(toLogin(null));
  });

  it('lets a signed-in user open any page', () => {
    for (const pathname of ['/app', '/app/settings', '/login', '/signup/from-scan/create-bikes-loop', '/backoffice']) {
      expect(decideAccess({ pathname, search: '', session: session() })).toEqual({ kind: 'allow' });
    }
  });

  it('sends an insurance company user at /app to the insurance admin of their party', () => {
    const expected = { kind: 'redirect', to: '/insurance/insurer-7/admin', storeReturnPath: null, replace: true };
    expect(decideAccess({ pathname: '/app', search: '', session: insurer })).toEqual(expected);
    expect(decideAccess({ pathname: '/app/', search: '', session: insurer })).toEqual(expected);
    // Only /app itself: deeper pages stay reachable.
    expect(decideAccess({ pathname: '/app/settings', search: '', session: insurer })).toEqual({ kind: 'allow' });
  });

  it('does not send users of other organisation types anywhere', () => {
    for (const organisation_type of ['business', 'association', 'police', null]) {
      expect(decideAccess({ pathname: '/app', search: '', session: session({ organisation_type }) })).toEqual({ kind: 'allow' });
    }
  });
});

describe('afterLoginPath', () => {
  it('goes to /app when nothing is stored', () => {
    expect(afterLoginPath('', null, session())).toBe('/app');
  });

  it('returns to the stored target path', () => {
    expect(afterLoginPath('', '/app/my-bikes/42?tab=documents', session())).toBe('/app/my-bikes/42?tab=documents');
  });

  it('lets post_login_redirect override the stored path', () => {
    const search = `?post_login_redirect=${encodeURIComponent('/app/bikes/register?plate=AB123')}`;
    expect(afterLoginPath(search, '/app/settings', session())).toBe('/app/bikes/register?plate=AB123');
  });

  it('sends an insurance company user whose target is /app to their insurance admin', () => {
    expect(afterLoginPath('', null, insurer)).toBe('/insurance/insurer-7/admin');
    expect(afterLoginPath('?post_login_redirect=/app', null, insurer)).toBe('/insurance/insurer-7/admin');
    expect(afterLoginPath('', '/app/settings', insurer)).toBe('/app/settings');
  });

  it.each([
    'https://evil.example/phish',
    'http://evil.example',
    '//evil.example/app',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'evil.example/app',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.//evil.example',
    '/app/../..//evil.example',
    '/./\\evil.example',
    '\\evil.example',
    '/\\evil.example',
    '%2F%2Fevil.example',
    '/.\t//evil.example',
    '/login',
    '/login?post_login_redirect=/login',
  ])('refuses post_login_redirect=%j (open redirect or loop) and falls back', (target) => {
    const search = `?post_login_redirect=${encodeURIComponent(target)}`;
    expect(afterLoginPath(search, '/app/settings', session())).toBe('/app/settings');
    expect(afterLoginPath(search, null, session())).toBe('/app');
  });

  it('refuses a stored path that leaves the site', () => {
    expect(afterLoginPath('', '//evil.example', session())).toBe('/app');
    expect(afterLoginPath('', '/.//evil.example', session())).toBe('/app');
    expect(safePath('/.//evil.example')).toBeNull();
    expect(safePath('/app/../..//evil.example')).toBeNull();
    expect(safePath('https://evil.example')).toBeNull();
    expect(safePath(null)).toBeNull();
    expect(safePath('')).toBeNull();
  });

  it('keeps a same-site path with its query and hash', () => {
    expect(safePath('/app/chats/9?open=1#latest')).toBe('/app/chats/9?open=1#latest');
  });
});

describe('signupRedirectPath (§2: region dk or no, default dk)', () => {
  it.each([
    ['dk', '/app/redirects/signup-complete?region=dk'],
    ['no', '/app/redirects/signup-complete?region=no'],
    [null, '/app/redirects/signup-complete?region=dk'],
    [undefined, '/app/redirects/signup-complete?region=dk'],
    ['se', '/app/redirects/signup-complete?region=dk'],
    ['NO', '/app/redirects/signup-complete?region=dk'],
  ])('%j → %s', (region, expected) => {
    expect(signupRedirectPath(region)).toBe(expected);
  });
});
