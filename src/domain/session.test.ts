import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSession, isSessionExpired, readSessionClaims, validSession } from './session.js';

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const token = (claims: unknown, header: unknown = { alg: 'HS256', typ: 'JWT' }) => `${b64url(header)}.${b64url(claims)}.signature`;

const now = new Date('2026-03-01T12:00:00Z');
const inAnHour = Math.floor(now.getTime() / 1000) + 3600;
const claims = {
  exp: inAnHour,
  email: 'ole@example.dk',
  party_id: '6f1c3a52-2f7c-4a51-9d53-4c1b1d1d2e11',
  identity_party_id: '6f1c3a52-2f7c-4a51-9d53-4c1b1d1d2e11',
  identity_signed_up_at: '2024-01-02T03:04:05.000Z',
  verified_on: '2024-02-03T04:05:06.000Z',
  organisation_type: 'insurance_company',
};

describe('decodeSession (§3 Session)', () => {
  it('reads every claim of a well-formed token', () => {
    expect(decodeSession(token(claims))).toEqual(claims);
  });

  it('drops claims beyond §3', () => {
    expect(decodeSession(token({ ...claims, iat: 1, role: 'admin' }))).toEqual(claims);
  });

  it('reads the literal text None as null', () => {
    const session = decodeSession(
      token({ ...claims, identity_party_id: 'None', identity_signed_up_at: 'None', verified_on: 'None', organisation_type: 'None' }),
    );
    expect(session).toMatchObject({ identity_party_id: null, identity_signed_up_at: null, verified_on: null, organisation_type: null });
    expect(session?.email).toBe(claims.email);
  });

  it('reads missing or non-text optional claims as null', () => {
    const { verified_on: _v, organisation_type: _o, ...rest } = claims;
    expect(decodeSession(token({ ...rest, identity_party_id: 42 }))).toMatchObject({
      identity_party_id: null,
      verified_on: null,
      organisation_type: null,
    });
  });

  it('keeps non-ASCII text (UTF-8 in the payload)', () => {
    expect(decodeSession(token({ ...claims, email: 'søren@æblegård.dk' }))?.email).toBe('søren@æblegård.dk');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
    ['garbage', 'garbage'],
    ['two parts', 'a.b'],
    ['four parts', 'a.b.c.d'],
    ['empty payload', 'a..c'],
    ['payload not base64 JSON', 'a.%%%.c'],
    ['payload JSON but not an object', token(42)],
    ['payload null', token(null)],
    ['payload an array', token([claims])],
  ])('answers null for %s', (_what, value) => {
    expect(decodeSession(value)).toBeNull();
  });

  it.each([
    ['exp missing', { ...claims, exp: undefined }],
    ['exp a string', { ...claims, exp: String(inAnHour) }],
    ['email missing', { ...claims, email: undefined }],
    ['party_id missing', { ...claims, party_id: undefined }],
    ['party_id a number', { ...claims, party_id: 7 }],
  ])('answers null when %s', (_what, value) => {
    expect(decodeSession(token(value))).toBeNull();
    expect(readSessionClaims(value)).toBeNull();
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `${s}.${b64url(s)}.${s}`),
          fc.jsonValue().map((v) => token(v)),
        ),
        (input) => {
          const session = decodeSession(input);
          expect(session === null || typeof session.party_id === 'string').toBe(true);
        },
      ),
    );
  });
});

describe('expiry (§5: checked against exp)', () => {
  it('is expired at exp and after, valid before', () => {
    const session = decodeSession(token(claims));
    if (!session) throw new Error('no session');
    expect(isSessionExpired(session, now)).toBe(false);
    expect(isSessionExpired(session, new Date(inAnHour * 1000 - 1))).toBe(false);
    expect(isSessionExpired(session, new Date(inAnHour * 1000))).toBe(true);
    expect(isSessionExpired(session, new Date(inAnHour * 1000 + 60_000))).toBe(true);
  });

  it('validSession answers the session of a valid unexpired token, and null for an expired one (§4)', () => {
    expect(validSession(token(claims), now)).toEqual(claims);
    expect(validSession(token({ ...claims, exp: Math.floor(now.getTime() / 1000) - 1 }), now)).toBeNull();
    expect(validSession('garbage', now)).toBeNull();
    expect(validSession(null, now)).toBeNull();
  });
});
