import { describe, expect, it } from 'vitest';
import { type Profile, profileUpdateSchema } from '../../domain/identity';
import { toFormValues, toUpdate } from './profile-values';

const profile: Profile = {
  party_id: '00000000-0000-4000-8000-000000000001',
  email: 'karen@example.com',
  pending_email: null,
  email_verified: true,
  name: 'Karen Blixen',
  first_name: 'Karen',
  last_name: 'Blixen',
  street: null,
  city: null,
  zip_code: '2960',
  floor: null,
  side: null,
  door: null,
  mobile: null,
  phone: null,
  language: 'da',
  region: 'dk',
  verification_status: 'pending',
  verified_name: null,
  verified_on: null,
  verified_with: null,
  cpr_number: '170485-••••',
  role: 'private',
  signed_up_at: '2026-01-01T00:00:00.000Z',
  theme: null,
};

const parse = (values: Record<string, unknown>) => profileUpdateSchema.parse(values);

describe('the settings form and PUT /identities/me', () => {
  it('starts from the profile, with text in every field and no CPR number', () => {
    const values = toFormValues(profile);
    expect(values).toMatchObject({ first_name: 'Karen', street: '', zip_code: '2960', cpr_number: '', language: 'da', region: 'dk' });
  });

  it('keeps the saved CPR number when none is typed, and leaves an unchanged email out', () => {
    const update = toUpdate(parse({ ...toFormValues(profile), email: 'KAREN@example.com ' }), profile);
    expect(update).not.toHaveProperty('cpr_number');
    expect(update).not.toHaveProperty('email');
    // Emptied fields are removed on the server.
    expect(update).toMatchObject({ first_name: 'Karen', street: null });
  });

  it('sends a typed CPR number, normalised, and a new email', () => {
    const update = toUpdate(parse({ ...toFormValues(profile), cpr_number: '170485-1234', email: 'new@example.com' }), profile);
    expect(update).toMatchObject({ cpr_number: '1704851234', email: 'new@example.com' });
  });
});
