import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../lib/session-store';
import { PageTitle } from '../ui/page';
import { ThemeWelcome } from '../ui/theme-welcome';
import { HomeFigures } from './home-figures';
import { HomeIllustration } from './home-illustration';
import { HomePrices } from './home-prices';
import { HomeSearch } from './home-search';
import { HomeStolen } from './home-stolen';
import { ABOUT_LINKS, MARKETING_LINKS } from './marketing-links';
import './home.css';

const STEPS = ['register', 'report', 'recover'] as const;

/**
 * / (issue 15): what the register does, a search box straight to the results, recently stolen bikes near the visitor,
 * how it works, what it costs and why to trust it. A signed-in user gets the way into the app instead of sign-up.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const session = useSession();
  return (
    <div className="home">
      <section className="home-hero">
        <div className="home-hero-text">
          <PageTitle title={t('hero.title')} description={t('meta.description')}>
            {t('hero.title')}
          </PageTitle>
          <p className="home-hero-lead">{t('hero.lead')}</p>
          <ThemeWelcome />
          <div className="actions">
            {session ? (
              <>
                <Link to="/app" className="btn btn-primary">
                  {t('hero.toApp')}
                </Link>
                <Link to={MARKETING_LINKS.subscriptionsAddBike} className="btn btn-secondary">
                  {t('hero.registerBike')}
                </Link>
              </>
            ) : (
              <>
                <Link to="/signup" className="btn btn-primary">
                  {t('hero.signUp')}
                </Link>
                <Link to="/login" className="btn btn-secondary">
                  {t('hero.logIn')}
                </Link>
              </>
            )}
          </div>
        </div>
        <HomeIllustration />
      </section>
      <HomeSearch />
      <HomeFigures />
      <HomeStolen />
      <section className="home-section" aria-labelledby="home-how-title">
        <h2 id="home-how-title">{t('how.title')}</h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step} className="card step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`how.steps.${step}.title`)}</h3>
              <p>{t(`how.steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
        <p className="home-more">
          <Link to={ABOUT_LINKS.howItWorks}>{t('how.more')}</Link>
        </p>
      </section>
      <HomePrices />
    </div>
  );
}
