import { describe, expect, it } from 'vitest';
import { sameSitePath } from './safe-path';

// The one check of every return address (verification success/failure, post_login_redirect, next=,
// stored return paths): a path on this site, normalised, that no browser reads as another host.

describe('sameSitePath', () => {
  const site = 'https://cykelregister.dk';
  it.each([
    ['/app/settings', '/app/settings'],
    ['/app/settings?x=1#y', '/app/settings?x=1#y'],
    ['https://cykelregister.dk/app', '/app'],
    ['/app/../login', '/login'],
    ['/app/./bikes//1', '/app/bikes//1'],
    ['/app/set\ttings', '/app/settings'],
    ['/app\n/settings', '/app/settings'],
    ['  /app  ', '/app'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps %j on this site as %j', (value, path) => {
    expect(sameSitePath(value, site)).toBe(path);
  });

  it.each([
    'https://evil.example/app',
    'http://cykelregister.dk/app',
    '//evil.example/app',
    '/\\evil.example/app',
    '\\\\evil.example',
    '\\evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '%2F%2Fevil.example',
    'app/settings',
    'evil.example/app',
    // Paths that the URL parser normalises into //host: the resolved form must not start with //.
    '/.//evil.example',
    '/app/../..//evil.example',
    '/./\\evil.example',
    'https://cykelregister.dk//evil.example/x',
    'https://cykelregister.dk/.//evil.example',
    // Tabs and newlines the parser drops.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    '/.\t//evil.example',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(sameSitePath(value, site)).toBeNull();
  });

  it('holds for the development address too', () => {
    expect(sameSitePath('http://localhost:3000//evil.example/x', 'http://localhost:3000')).toBeNull();
    expect(sameSitePath('http://localhost:3000/app?x=1', 'http://localhost:3000')).toBe('/app?x=1');
    expect(sameSitePath('http://localhost:3001/app', 'http://localhost:3000')).toBeNull();
  });
});
