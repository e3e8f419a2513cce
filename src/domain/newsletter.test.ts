import { describe, expect, it } from 'vitest';
import { newsletterParagraphs, newsletterSignupSchema } from './newsletter.js';

describe('newsletterParagraphs', () => {
  it('splits at blank lines and drops empty ones', () => {
    expect(newsletterParagraphs('One\nstill one\n\n  Two  \r\n\r\n\n\nThree\n')).toEqual(['One\nstill one', 'Two', 'Three']);
  });
});

describe('newsletterSignupSchema', () => {
  it('lower-cases the address, normalises the language and asks for the consent', () => {
    expect(newsletterSignupSchema.parse({ email: ' Ida@Example.DK ', language: 'xx', consent: true })).toEqual({
      email: 'ida@example.dk',
      language: 'da',
      region: 'dk',
      consent: true,
    });
    const refused = newsletterSignupSchema.safeParse({ email: 'ida@example.dk', language: 'en', consent: false });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['consent'], message: 'newsletter_consent_required' });
  });
});
