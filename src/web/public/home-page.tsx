import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../lib/session-store';
import { PageTitle } from '../ui/page';
import { ThemeWelcome } from '../ui/theme-welcome';

export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const steps = ['register', 'report', 'recover'] as const;
  return (
    <div className="home">
      <section className="hero">
        <PageTitle title={t('home.title')}>{t('home.title')}</PageTitle>
        <p className="hero-lead">{t('home.lead')}</p>
        <ThemeWelcome />
        <div className="actions">
          {session ? (
            <Link to="/app" className="btn btn-primary">
              {t('home.toApp')}
            </Link>
          ) : (
            <>
              <Link to="/signup" className="btn btn-primary">
                {t('home.signUp')}
              </Link>
              <Link to="/login" className="btn btn-secondary">
                {t('home.logIn')}
              </Link>
            </>
          )}
        </div>
      </section>
      <section aria-labelledby="how-title">
        <h2 id="how-title">{t('home.howTitle')}</h2>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step} className="card step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`home.steps.${step}.title`)}</h3>
              <p>{t(`home.steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
