import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { registerErrorHandling } from './errors.js';

// Pages (issue 15): the theme a link names is kept for the session and, for a signed-in person, on the profile;
// a page the server fails to serve is an error page in the visitor's language with a reference, never a blank.

const SHELL = '<!doctype html><html lang="da"><head><!--app-state--></head><body><div id="root"></div><!--boot-error--></body></html>';
let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'web-'));
  writeFileSync(path.join(webDir, 'index.html'), SHELL);
  t = await createTestApp({}, { webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const stateOf = (html: string) => JSON.parse(/<script id="app-state" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');

describe('the theme of a page (§1, §5)', () => {
  it('is the one the address names, kept for the session in a cookie', async () => {
    const res = await page('/signup?theme=dcu');
    expect(res.statusCode).toBe(200);
    expect(stateOf(res.body).theme).toBe('dcu');
    expect(res.headers['set-cookie']).toBe('theme=dcu; Path=/; SameSite=Lax');
    // The next page, without the parameter, keeps it.
    const next = await page('/', { cookie: 'theme=dcu' });
    expect(stateOf(next.body).theme).toBe('dcu');
    expect(next.headers['set-cookie']).toBeUndefined();
  });

  it('falls back to main for anything else', async () => {
    const res = await page('/?theme=%3Cscript%3E');
    expect(stateOf(res.body).theme).toBe('main');
    expect(res.headers['set-cookie']).toBe('theme=main; Path=/; SameSite=Lax');
    expect(stateOf((await page('/', { cookie: 'theme=purple' })).body).theme).toBe('main');
  });

  it('is kept on the profile of a signed-in person, who gets it back wherever they log in', async () => {
    const visitor = await t.app.inject({ method: 'PUT', url: '/api/identities/theme/', payload: { theme: 'nafBrand' } });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['set-cookie']).toBe('theme=nafBrand; Path=/; SameSite=Lax');
    const asVisitor = await t.app.inject({ method: 'GET', url: '/api/identities/theme/', headers: { cookie: 'theme=nafBrand' } });
    expect(asVisitor.json()).toEqual({ theme: 'nafBrand' });

    const user = await signUpUser(t.app);
    expect((await t.app.inject(authed(user.token, { method: 'GET', url: '/api/identities/me' }))).json().theme).toBeNull();
    const saved = await t.app.inject(authed(user.token, { method: 'PUT', url: '/api/identities/theme/', payload: { theme: 'dcu' } }));
    expect(saved.json()).toEqual({ theme: 'dcu' });
    expect((await t.app.inject(authed(user.token, { method: 'GET', url: '/api/identities/me' }))).json().theme).toBe('dcu');
    // Another device, with another session's theme: the person's wins.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: user.email, password: user.password },
    });
    const elsewhere = await t.app.inject(
      authed(login.json().authentication_token, { method: 'GET', url: '/api/identities/theme/', headers: { cookie: 'theme=main' } }),
    );
    expect(elsewhere.json()).toEqual({ theme: 'dcu' });
  });

  it('refuses a theme that does not exist with a 422 in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/theme/',
      headers: { 'accept-language': 'en' },
      payload: { theme: 'pink' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'theme']);
  });
});

describe('a page the app cannot start', () => {
  it('carries a hidden notice in the page’s language that shows only if the app never fills the page', async () => {
    const res = await page('/app', { 'accept-language': 'en' });
    expect(res.body).toContain('<div class="boot-error server-error">');
    expect(res.body).toContain('The page did not start');
    expect(res.body).toContain('#root:empty~.boot-error');
    expect((await page('/', { cookie: 'lang=no' })).body).toContain('Siden startet ikke');
  });
});

describe('a request the server fails', () => {
  const app = Fastify({ genReqId: () => 'req-4711' });
  registerErrorHandling(app);
  app.get('/*', async () => {
    throw new Error('the database went away');
  });
  app.get('/api/bikes/', async () => {
    throw new Error('the database went away');
  });
  afterAll(() => app.close());

  it('answers a page request with the error page: in the visitor’s language and theme, with a retry, a way home and the reference', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/stolen-bike-map?x=1',
      headers: { accept: 'text/html', cookie: 'lang=en; theme=dcu' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('<h1>Something went wrong on our side</h1>');
    expect(res.body).toContain('Reference for support: <code>req-4711</code>');
    expect(res.body).toContain('<a class="primary" href="/stolen-bike-map?x=1">Try again</a>');
    expect(res.body).toContain('<a href="/">To the front page</a>');
    expect(res.body).toContain('#b3121b');
    expect(res.body).not.toContain('the database went away');
    // Trying again stays on this site, whatever the address asked for.
    const odd = await app.inject({ method: 'GET', url: '//elsewhere.example/stolen-bike-map', headers: { accept: 'text/html' } });
    expect(odd.statusCode).toBe(500);
    expect(odd.body).toContain('<a class="primary" href="/">');
  });

  it('answers an API call in the §8 shape, with the same reference', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/bikes/',
      headers: { accept: 'text/html,application/json', 'accept-language': 'da' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'server_error', request_id: 'req-4711' });
  });
});
