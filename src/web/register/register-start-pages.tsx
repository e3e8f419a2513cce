import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../ui/alert';
import { FormCard, PageTitle } from '../ui/page';
import { PreRegistrationLookup } from './pre-registration-lookup';
import './register.css';

// /app/register-bike and its information steps (§2). Some insurance companies register their customers'
// bikes themselves (pre-registration) or require registration through them; these steps make sure an
// owner in that situation learns it before registering on their own, and lead back or out.

/** /app/register-bike: what registering needs, and the way in. */
export function RegisterStartPage() {
  const { t } = useTranslation('register');
  return (
    <div className="register">
      <PageTitle>{t('start.title')}</PageTitle>
      <p className="register-lead">{t('start.lead')}</p>
      <ol className="steps need-list">
        {(['frame', 'plate', 'credit'] as const).map((item, index) => (
          <li key={item} className="card step">
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h2>{t(`start.${item}Title`)}</h2>
            <p>{t(`start.${item}Body`)}</p>
          </li>
        ))}
      </ol>
      <div className="actions">
        <Link to="/app/bikes/register" className="btn btn-primary">
          {t('start.begin')}
        </Link>
        <Link to="/app/bikes/register/redeem" className="btn btn-secondary">
          {t('start.redeem')}
        </Link>
      </div>
      <section className="card insurer-card" aria-labelledby="insurer-title">
        <h2 id="insurer-title">{t('start.insurerTitle')}</h2>
        <p>{t('start.insurerBody')}</p>
        <Link to="/app/register-bike/pre-registration">{t('start.insurerLink')}</Link>
      </section>
    </div>
  );
}

/** /app/register-bike/pre-registration: did the insurer register the bike, or must it? */
export function PreRegistrationPage() {
  const { t } = useTranslation('register');
  return (
    <FormCard>
      <PageTitle>{t('pre.title')}</PageTitle>
      <p>{t('pre.body')}</p>
      <p>{t('pre.already')}</p>
      <PreRegistrationLookup />
      <h2>{t('pre.question')}</h2>
      <div className="choice-list">
        <Link to="/app/bikes/register" className="btn btn-primary btn-block">
          {t('pre.no')}
        </Link>
        <Link to="/app/register-bike/pre-registration-insurance-warning" className="btn btn-secondary btn-block">
          {t('pre.yes')}
        </Link>
        <Link to="/app/my-bikes" className="btn btn-link">
          {t('pre.myBikes')}
        </Link>
      </div>
    </FormCard>
  );
}

/** /app/register-bike/pre-registration-insurance-warning: registering alone may not count for the policy. */
export function InsuranceWarningPage() {
  const { t } = useTranslation('register');
  return (
    <FormCard>
      <PageTitle>{t('warning.title')}</PageTitle>
      <Alert tone="warning">{t('warning.body')}</Alert>
      <p>{t('warning.plate')}</p>
      <div className="choice-list">
        <Link to="/app/register-bike/insurance-stop" className="btn btn-primary btn-block">
          {t('warning.stop')}
        </Link>
        <Link to="/app/bikes/register" className="btn btn-secondary btn-block">
          {t('warning.continue')}
        </Link>
      </div>
    </FormCard>
  );
}

/** /app/register-bike/insurance-stop: the owner registers through the insurer instead. */
export function InsuranceStopPage() {
  const { t } = useTranslation(['register', 'insurance-policy']);
  return (
    <FormCard>
      <PageTitle>{t('stop.title')}</PageTitle>
      <p>{t('stop.body')}</p>
      <p>{t('stop.plate')}</p>
      <div className="actions">
        <Link to="/insurance" className="btn btn-primary">
          {t('insurance-policy:mine.title')}
        </Link>
        <Link to="/app/my-bikes" className="btn btn-secondary">
          {t('stop.myBikes')}
        </Link>
        <Link to="/app" className="btn btn-secondary">
          {t('stop.home')}
        </Link>
      </div>
    </FormCard>
  );
}
