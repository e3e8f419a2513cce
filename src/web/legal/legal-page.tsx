import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEGAL_VERSIONS, type LegalDocument } from '../../domain/legal';
import { formatDate } from '../lib/intl';
import { PageTitle } from '../ui/page';
import './legal.css';

/** A section of a document: its paragraphs (p1, p2 …) and then its list (items.<key>), in the `legal` catalog. */
interface Section {
  id: string;
  paragraphs?: number;
  items?: readonly string[];
  links?: readonly { to: string; label: string }[];
}

// The texts say what the code does (ARCHITECTURE.md "Privacy, terms and the data export"): change them together.
const DOCUMENTS: Record<LegalDocument, readonly Section[]> = {
  privacy: [
    { id: 'controller', paragraphs: 1 },
    {
      id: 'stored',
      paragraphs: 1,
      items: ['account', 'nationalId', 'cpr', 'bikes', 'pictures', 'reports', 'messages', 'payments', 'insurance', 'usage'],
    },
    { id: 'why', paragraphs: 2 },
    { id: 'sharing', items: ['you', 'public', 'finders', 'insurers', 'staff', 'police', 'processors'] },
    { id: 'retention', paragraphs: 1, items: ['mail', 'found', 'handover', 'links'] },
    { id: 'deletion', paragraphs: 2, items: ['messages', 'audit', 'insurance', 'payments', 'usage'] },
    {
      id: 'rights',
      items: ['access', 'portability', 'correct', 'delete', 'withdraw', 'object'],
      links: [
        { to: '/app/settings', label: 'privacy.rights.settings' },
        { to: '/support/chat', label: 'privacy.rights.support' },
      ],
    },
    { id: 'changes', paragraphs: 1 },
  ],
  terms: [
    { id: 'service', paragraphs: 1 },
    { id: 'account', items: ['true', 'oneId', 'business'] },
    { id: 'bikes', items: ['own', 'reports', 'handover'] },
    { id: 'messages', paragraphs: 1 },
    { id: 'payments', paragraphs: 1 },
    { id: 'insurance', paragraphs: 1 },
    { id: 'liability', paragraphs: 1 },
    { id: 'ending', paragraphs: 1 },
    { id: 'changes', paragraphs: 1 },
  ],
};

const OTHER: Record<LegalDocument, LegalDocument> = { privacy: 'terms', terms: 'privacy' };

function LegalDocumentPage({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation('legal');
  const version = LEGAL_VERSIONS[document];
  return (
    <article className="legal">
      <PageTitle>{t(`${document}.title`)}</PageTitle>
      <p className="muted legal-version">{t('lastChanged', { date: formatDate(version, i18n.resolvedLanguage), version })}</p>
      <p className="legal-lead">{t(`${document}.lead`)}</p>
      {DOCUMENTS[document].map((section) => {
        const key = `${document}.${section.id}`;
        const paragraphs = Array.from({ length: section.paragraphs ?? 0 }, (_, i) => `${key}.p${i + 1}`);
        return (
          <section key={section.id} aria-labelledby={`legal-${section.id}`}>
            <h2 id={`legal-${section.id}`}>{t(`${key}.title`)}</h2>
            {paragraphs.map((p) => (
              <p key={p}>{t(p)}</p>
            ))}
            {section.items && (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{t(`${key}.items.${item}`)}</li>
                ))}
              </ul>
            )}
            {section.links && (
              <p className="legal-links">
                {section.links.map((link) => (
                  <Link key={link.to} to={link.to}>
                    {t(link.label)}
                  </Link>
                ))}
              </p>
            )}
          </section>
        );
      })}
      <p className="legal-other">
        <Link to={`/${OTHER[document]}`}>{t(`seeAlso.${document}`)}</Link>
      </p>
    </article>
  );
}

/** /privacy (§2, public): what is stored, why, who sees it, for how long, and the rights and how to use them. */
export function PrivacyPage() {
  return <LegalDocumentPage document="privacy" />;
}

/** /terms (public): the terms of use accepted at sign-up. */
export function TermsPage() {
  return <LegalDocumentPage document="terms" />;
}
