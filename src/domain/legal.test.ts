import { describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS, LEGAL_VERSIONS, PRIVACY_AND_TERMS_VERSION } from './legal';

describe('legal document versions', () => {
  it('are calendar dates', () => {
    for (const document of LEGAL_DOCUMENTS) {
      const version = LEGAL_VERSIONS[document];
      expect(version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${version}T00:00:00Z`).toISOString().slice(0, 10)).toBe(version);
    }
  });

  it('name the accepted pair by the newer of the two dates', () => {
    expect(PRIVACY_AND_TERMS_VERSION).toBe([LEGAL_VERSIONS.privacy, LEGAL_VERSIONS.terms].sort().at(-1));
  });
});
