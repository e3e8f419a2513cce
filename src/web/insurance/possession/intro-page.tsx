import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageTitle } from '../../ui/page';
import '../evidence.css';

/** /insurance/{insurerPartyId}/verify-bike-possession/intro: what the proof takes; the start keeps the autofill parameters. */
export function PossessionIntroPage() {
  const { t } = useTranslation('insurance-evidence');
  const { insurerPartyId = '' } = useParams();
  const { search } = useLocation();
  return (
    <div className="evidence-page">
      <PageTitle>{t('possession.introTitle')}</PageTitle>
      <p>{t('possession.introLead')}</p>
      <section className="card">
        <h2>{t('possession.needTitle')}</h2>
        <ul>
          <li>{t('possession.needFrame')}</li>
          <li>{t('possession.needPlate')}</li>
          <li>{t('possession.needReceipt')}</li>
        </ul>
        <p className="muted">{t('possession.introReview')}</p>
      </section>
      <p className="actions">
        <Link className="btn btn-primary" to={`/insurance/${encodeURIComponent(insurerPartyId)}/verify-bike-possession${search}`}>
          {t('possession.start')}
        </Link>
      </p>
    </div>
  );
}
