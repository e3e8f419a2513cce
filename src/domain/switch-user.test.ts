import { describe, expect, it } from 'vitest';
import { canReadBackoffice, IDENTITY_ROLES, maySwitchTo } from './roles.js';
import { decodeSession } from './session.js';

const token = (claims: unknown) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
const claims = { exp: 2_000_000_000, email: 'ole@example.dk', party_id: 'p', identity_party_id: 'p' };

describe('switch-user rules (§6)', () => {
  it('lets staff act as private and business users, an admin as anyone, nobody else at all', () => {
    const allowed = IDENTITY_ROLES.flatMap((actor) =>
      IDENTITY_ROLES.filter((target) => maySwitchTo(actor, target)).map((t) => `${actor}→${t}`),
    );
    expect(allowed).toEqual([
      'staff→private',
      'staff→business',
      'admin→private',
      'admin→business',
      'admin→staff',
      'admin→revisor',
      'admin→admin',
    ]);
  });

  it('lets staff, admin and revisor read the backoffice', () => {
    expect(IDENTITY_ROLES.filter(canReadBackoffice)).toEqual(['staff', 'revisor', 'admin']);
  });

  it('reads switched_by only from a switched token', () => {
    expect(decodeSession(token({ ...claims, switched_by: 'admin-id' }))?.switched_by).toBe('admin-id');
    expect(decodeSession(token(claims))).not.toHaveProperty('switched_by');
    expect(decodeSession(token({ ...claims, switched_by: 42 }))).not.toHaveProperty('switched_by');
  });
});
