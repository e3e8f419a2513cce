import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../lib/session-store';
import { PageTitle } from '../ui/page';
import './stickers.css';

function useScannedId(): string | null {
  const [params] = useSearchParams();
  const id = params.get('sticker_id');
  return id ? id.slice(0, 40) : null;
}

/** /sticker-id/insurance-plate: a plate of an insurer's batch, registered through the insurer's flow. */
export function InsurancePlatePage() {
  const { t } = useTranslation('stickers');
  const id = useScannedId();
  const session = useSession();
  return (
    <div className="sticker-page">
      {id && <p className="plate-chip">{t('insurance.plate', { id })}</p>}
      <PageTitle>{t('insurance.title')}</PageTitle>
      <p className="sticker-lead">{t('insurance.body')}</p>
      <p>{t('insurance.how')}</p>
      {session && (
        <div className="actions">
          <Link to="/insurance/onboarding" className="btn btn-primary">
            {t('insurance.onboard')}
          </Link>
        </div>
      )}
      {!session && (
        <div className="actions">
          <Link to="/login" className="btn btn-primary">
            {t('insurance.logIn')}
          </Link>
          <Link to="/signup" className="btn btn-secondary">
            {t('insurance.signUp')}
          </Link>
        </div>
      )}
    </div>
  );
}

/** /sticker-id/no-registration: a scanned code the register does not know. */
export function NoRegistrationPage() {
  const { t } = useTranslation('stickers');
  const id = useScannedId();
  return (
    <div className="sticker-page">
      {id && <p className="plate-chip">{t('unknown.plate', { id })}</p>}
      <PageTitle>{t('unknown.title')}</PageTitle>
      <p className="sticker-lead">{t('unknown.body')}</p>
      <div className="actions">
        <Link to="/search" className="btn btn-primary">
          {t('unknown.search')}
        </Link>
      </div>
    </div>
  );
}
