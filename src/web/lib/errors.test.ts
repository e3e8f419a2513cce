import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enErrors from '../../i18n/en/errors.json';
import { ApiError } from './api-client';
import { readApiError } from './errors';

// §8: how the client reads a failed call.

let t: TFunction;
beforeAll(async () => {
  // The errors namespace as the app loads it: the catalog shared with the server.
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    ns: ['errors'],
    resources: { en: { errors: enErrors } },
  });
  t = i18n.t;
});

const fieldError = (loc: (string | number)[], msg: string, type = 'field_invalid') => ({ loc, msg, type });

describe('readApiError', () => {
  it('422: shows the first detail message and names its field', () => {
    const error = new ApiError(422, {
      detail: [fieldError(['body', 'email'], 'The email address is not valid'), fieldError(['body', 'password'], 'Too short')],
    });
    expect(readApiError(error, t)).toEqual({ kind: 'message', text: 'The email address is not valid', field: 'email' });
  });

  it('422: names a nested field by its path, and no field for the body as a whole', () => {
    expect(readApiError(new ApiError(422, { detail: [fieldError(['body', 'address', 0, 'zip'], 'Invalid postal code')] }), t)).toEqual({
      kind: 'message',
      text: 'Invalid postal code',
      field: 'address.0.zip',
    });
    expect(readApiError(new ApiError(422, { detail: [fieldError(['body'], 'Invalid value')] }), t)).toEqual({
      kind: 'message',
      text: 'Invalid value',
    });
  });

  it('422: a detail text instead of a list is shown as it is', () => {
    expect(readApiError(new ApiError(422, { detail: 'Please fill in all fields' }), t)).toEqual({
      kind: 'message',
      text: 'Please fill in all fields',
    });
  });

  it('422: an entry without a message falls back to the server-error text', () => {
    expect(readApiError(new ApiError(422, { detail: [{ loc: ['body', 'x'] }] }), t)).toMatchObject({
      kind: 'message',
      text: enErrors.server_error,
    });
  });

  it('400: shows the detail text', () => {
    expect(readApiError(new ApiError(400, { detail: 'Adgangskoden kunne ikke nulstilles', code: 'password_reset_failed' }), t)).toEqual({
      kind: 'message',
      text: 'Adgangskoden kunne ikke nulstilles',
    });
  });

  it('400: a detail that parses as a pre-registered policy leads to that insurer’s contents sign-up', () => {
    const detail = JSON.stringify({ pre_registered_policy: 'POL-1', insurer_party_id: 'insurer-7' });
    expect(readApiError(new ApiError(400, { detail }), t)).toEqual({
      kind: 'redirect',
      to: '/insurance/insurer-7/policy/contents-signup?policy=POL-1',
    });
    // Also when the detail is already a structure, and with a numeric insurer id.
    expect(readApiError(new ApiError(400, { detail: { pre_registered_policy: true, insurer_party_id: 12 } }), t)).toEqual({
      kind: 'redirect',
      to: '/insurance/12/policy/contents-signup',
    });
  });

  it('400: JSON without both keys is just a message', () => {
    const detail = JSON.stringify({ pre_registered_policy: 'POL-1' });
    expect(readApiError(new ApiError(400, { detail }), t)).toEqual({ kind: 'message', text: detail });
    expect(readApiError(new ApiError(400, { detail: '{not json' }), t)).toEqual({ kind: 'message', text: '{not json' });
  });

  it('a pre-registered-policy structure means nothing outside a 400', () => {
    const detail = JSON.stringify({ pre_registered_policy: 'POL-1', insurer_party_id: 'insurer-7' });
    expect(readApiError(new ApiError(409, { detail }), t)).toEqual({ kind: 'message', text: detail });
  });

  it('401 invalid_token: clear the session and go to login', () => {
    expect(readApiError(new ApiError(401, { detail: 'invalid_token' }), t)).toEqual({ kind: 'login' });
  });

  it('401 for a wrong password is a message, not a log-out', () => {
    expect(readApiError(new ApiError(401, { detail: 'Wrong email or password', code: 'password_wrong' }), t)).toEqual({
      kind: 'message',
      text: 'Wrong email or password',
    });
  });

  it('other failures show the error text', () => {
    expect(readApiError(new ApiError(404, { detail: 'Not found' }), t)).toEqual({ kind: 'message', text: 'Not found' });
    expect(readApiError(new ApiError(429, { detail: 'Too many attempts. Wait a moment and try again.' }), t)).toEqual({
      kind: 'message',
      text: 'Too many attempts. Wait a moment and try again.',
    });
  });

  it('a failure without a readable text says the server did not respond correctly', () => {
    const serverError = { kind: 'message', text: 'The server did not respond correctly' };
    expect(readApiError(new ApiError(500, null), t)).toEqual(serverError);
    expect(readApiError(new ApiError(502, '<html>Bad gateway</html>'), t)).toEqual(serverError);
    expect(readApiError(new ApiError(500, { detail: '' }), t)).toEqual(serverError);
    expect(readApiError(new Error('boom'), t)).toEqual(serverError);
    expect(readApiError('strange', t)).toEqual(serverError);
  });

  it('network failure: tells the user to check the connection', () => {
    expect(readApiError(new ApiError(0, null), t)).toEqual({ kind: 'message', text: enErrors.network });
  });
});
