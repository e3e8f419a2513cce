// The privacy policy (/privacy) and the terms (/terms): their versions, in one place for the pages and the server.
// A version is the date a document last changed in substance; the pages say it as "last changed".

export const LEGAL_DOCUMENTS = ['privacy', 'terms'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export const LEGAL_VERSIONS: Record<LegalDocument, string> = {
  privacy: '2026-11-25',
  terms: '2026-11-25',
};

/**
 * The version a privacy_and_terms consent records: the newer of the two documents' dates. Both are accepted
 * together, and a date names the pair as it stood on that day, so one string says what was accepted.
 * A change of either version does not ask anyone to accept again (yet): the new texts apply from their date.
 */
export const PRIVACY_AND_TERMS_VERSION = [LEGAL_VERSIONS.privacy, LEGAL_VERSIONS.terms].sort().at(-1) ?? LEGAL_VERSIONS.terms;
