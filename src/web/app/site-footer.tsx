import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverState } from '../lib/server-state';
import { ABOUT_LINKS, MARKETING_LINKS } from '../public/marketing-links';

// Cookie settings only where a tag manager is configured (without one no cookie needs a consent): its own chunk,
// so that pages without one do not load the consent's code.
const CookieSettingsButton = lazy(() => import('../consent/cookie-settings').then((m) => ({ default: m.CookieSettingsButton })));

/** The footer's columns: a heading and its links (paths from public/marketing-links.ts). */
const COLUMNS = [
  {
    heading: 'about',
    links: [
      ['ourMission', ABOUT_LINKS.ourMission],
      ['advisoryBoard', ABOUT_LINKS.advisoryBoard],
      ['howItWorks', ABOUT_LINKS.howItWorks],
      ['findDistributor', ABOUT_LINKS.findDistributor],
      ['newsletter', ABOUT_LINKS.newsletter],
    ],
  },
  {
    heading: 'products',
    links: [
      ['webshop', MARKETING_LINKS.products],
      ['registerBike', MARKETING_LINKS.subscriptionsAddBike],
      ['insuranceBenefit', ABOUT_LINKS.insuranceBenefit],
      ['business', MARKETING_LINKS.businessOverview],
    ],
  },
  {
    heading: 'help',
    links: [
      ['helpCentre', MARKETING_LINKS.helpCentre],
      ['support', MARKETING_LINKS.supportHome],
    ],
  },
  {
    heading: 'legal',
    links: [
      ['privacy', ABOUT_LINKS.privacy],
      ['terms', MARKETING_LINKS.terms],
    ],
  },
] as const;

/** The footer of every page: about, products, help and the legal pages, in columns that stack on a phone. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container">
        <nav className="footer-columns" aria-label={t('footer.label')}>
          {COLUMNS.map((column) => (
            <div key={column.heading} className="footer-column">
              <h2 id={`footer-${column.heading}`}>{t(`footer.${column.heading}`)}</h2>
              <ul aria-labelledby={`footer-${column.heading}`}>
                {column.links.map(([key, path]) => (
                  <li key={key}>
                    <Link to={path}>{t(`footer.${key}`)}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <p className="footer-bottom">
          <span>
            © {new Date().getFullYear()} {t('brand')}
          </span>
          <span>{t('footer.tagline')}</span>
          {serverState.tagManagerId && (
            <Suspense fallback={null}>
              <CookieSettingsButton />
            </Suspense>
          )}
        </p>
      </div>
    </footer>
  );
}
