// §6 roles. A person has one identity role; organisation membership is separate (organisation_type on the token).
export const IDENTITY_ROLES = ['private', 'business', 'staff', 'revisor', 'admin'] as const;
export type IdentityRole = (typeof IDENTITY_ROLES)[number];

/** Roles that reach the backoffice. */
export const STAFF_ROLES: readonly IdentityRole[] = ['staff', 'admin'];

/** Roles that may read the backoffice: staff and admin, and the revisor (auditor), who only reads. */
export const BACKOFFICE_READ_ROLES: readonly IdentityRole[] = ['staff', 'admin', 'revisor'];

export function canReadBackoffice(role: IdentityRole): boolean {
  return BACKOFFICE_READ_ROLES.includes(role);
}

/**
 * Switch-user (§6): staff may act as a private or business user; an admin may act as anyone but
 * themselves. Nobody switches from a switched session (checked where the switch is made).
 */
export function maySwitchTo(actor: IdentityRole, target: IdentityRole): boolean {
  if (actor === 'admin') return true;
  if (actor === 'staff') return target === 'private' || target === 'business';
  return false;
}

export const ORGANISATION_MEMBER_ROLES = ['admin', 'member'] as const;
