import { describe, expect, it } from 'vitest';
import { signupFormSchema } from './form-schemas';

const filled = {
  email: ' Ny@Example.com ',
  password: 'long-enough-1',
  phone: '',
  zip_code: '',
  chosen_region: 'dk',
  chosen_language: 'xx',
  terms: true,
  newsletter: false,
};

function codes(values: Record<string, unknown>): Record<string, string> {
  const result = signupFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('the sign-up form schema', () => {
  it('accepts a filled form and normalises it like the server does', () => {
    const result = signupFormSchema.parse(filled);
    expect(result).toMatchObject({ email: 'ny@example.com', chosen_language: 'da', phone: undefined, zip_code: undefined });
  });

  it('asks for the terms and a region (§5)', () => {
    expect(codes({ ...filled, terms: false, chosen_region: '' })).toEqual({ terms: 'terms_required', chosen_region: 'region_required' });
  });

  it('names a short password and a bad postal code by their error codes', () => {
    expect(codes({ ...filled, password: 'short', zip_code: '12' })).toEqual({ password: 'password_too_short', zip_code: 'zip_invalid' });
  });
});
