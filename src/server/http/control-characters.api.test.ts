import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { findControlCharacter } from './control-characters.js';

// Hardening: a NUL (or another control character, or a lone surrogate) in any input is refused at the edge
// with a 422 naming where it was, in the caller's language; before, the database refused it with a 500.

describe('findControlCharacter', () => {
  it('finds a control character or a lone surrogate, and says where', () => {
    expect(findControlCharacter({ a: 'fine', b: ['ok', 'x\u0000y'] })).toEqual(['b', 1]);
    expect(findControlCharacter({ nested: { deep: '\uD800' } })).toEqual(['nested', 'deep']);
    expect(findControlCharacter({ 'key\u0001': 'value' })).toEqual(['key\u0001']);
    expect(findControlCharacter('\u001b[31m')).toEqual([]);
  });

  it('lets text keep tabs, new lines, emoji and other scripts', () => {
    expect(findControlCharacter({ message: 'Hej\n\tder\r\n😀 æøå ℕ 𝕏' })).toBeNull();
    expect(findControlCharacter([1, true, null, { n: 2 }])).toBeNull();
  });
});

describe('the API refuses control characters with a 422', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
    token = (await signUpUser(t.app)).token;
  });
  afterAll(() => t.close());

  it('in a query parameter of the public search', async () => {
    const response = await t.app.inject({ url: '/api/search/bikes?q=WBK0921435F%00', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        { loc: ['query', 'q'], msg: 'The field contains a character that is not allowed (a control character)', type: 'control_character' },
      ],
    });
  });

  it('in a path parameter of a sticker lookup', async () => {
    const response = await t.app.inject({ url: '/api/stickers/DEMOREG01%00' });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['path', 'stickerId']);
  });

  it('in a sign-up field, and in an event name', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email: 'nul@example.com', password: 'correct horse\u0000battery', chosen_region: 'dk', chosen_language: 'da' },
    });
    expect(signup.statusCode).toBe(422);
    expect(signup.json().detail[0]).toMatchObject({ loc: ['body', 'password'], type: 'control_character' });
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/actions/page/view',
      payload: { event_name: 'view\u0000', event_id: 'e1', source_url: 'http://localhost:3000/' },
    });
    expect(event.statusCode).toBe(422);
  });

  it('but a message keeps its line breaks', async () => {
    const response = await t.app.inject(
      authed(token, { method: 'PUT', url: '/api/identities/me', payload: { street: 'Vej 1\nbaghuset' } }),
    );
    expect(response.statusCode).toBe(200);
  });

  it('a profile change that names no field is a 422, not a 500', async () => {
    const response = await t.app.inject(authed(token, { method: 'PUT', url: '/api/identities/me', payload: {} }));
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].type).toBe('no_changes');
  });
});
