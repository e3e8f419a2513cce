import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../ui/page';

const SECTIONS = ['register', 'claim', 'norway', 'signup'] as const;

/** /forsikringsfordel (§2, public): what a registered bike is worth to its insurance, and the way into the sign-up. */
export function BenefitPage() {
  const { t } = useTranslation('insurance-signup');
  return (
    <article className="signup-benefit">
      <PageTitle>{t('benefit.title')}</PageTitle>
      <p className="signup-lead">{t('benefit.lead')}</p>
      <section aria-labelledby="benefit-demands">
        <h2 id="benefit-demands">{t('benefit.demands.title')}</h2>
        <p>{t('benefit.demands.intro')}</p>
        <ul>
          <li>{t('benefit.demands.frameNumber')}</li>
          <li>{t('benefit.demands.lock')}</li>
          <li>{t('benefit.demands.receipt')}</li>
          <li>{t('benefit.demands.police')}</li>
        </ul>
      </section>
      {SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`benefit-${section}`}>
          <h2 id={`benefit-${section}`}>{t(`benefit.${section}.title`)}</h2>
          <p>{t(`benefit.${section}.body`)}</p>
        </section>
      ))}
      <div className="actions">
        <Link to="/forsikrings-indtegning" className="btn btn-primary">
          {t('benefit.cta')}
        </Link>
        <Link to="/app/register-bike" className="btn btn-secondary">
          {t('benefit.register')}
        </Link>
      </div>
    </article>
  );
}
