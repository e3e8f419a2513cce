import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../ui/page';
import { PoliceReportButton } from './pdf-button';

/** /app/my-bikes/report-stolen/report-confirmed?bike={id}: the receipt — what happens now, the PDF, where to go. */
export function ConfirmedPage() {
  const { t } = useTranslation('theft');
  const bikeId = useSearchParams()[0].get('bike') ?? '';
  const enc = encodeURIComponent(bikeId);
  return (
    <div className="theft-page">
      <div className="theft-done">
        <p className="theft-done-mark" aria-hidden="true">
          ✓
        </p>
        <PageTitle>{t('confirmed.title')}</PageTitle>
        <p>{t('confirmed.lead')}</p>
      </div>
      <h2>{t('confirmed.nextTitle')}</h2>
      <ul className="theft-next">
        <li>{t('confirmed.next.search')}</li>
        <li>{t('confirmed.next.map')}</li>
        <li>{t('confirmed.next.police')}</li>
        <li>{t('confirmed.next.insurer')}</li>
        <li>{t('confirmed.next.found')}</li>
      </ul>
      {bikeId && (
        <>
          <PoliceReportButton bikeId={bikeId} variant="primary" />
          <ul className="theft-links">
            <li>
              <Link to={`/app/my-bikes/${enc}/stolen-bike-report`}>{t('confirmed.toReport')}</Link>
            </li>
            <li>
              <Link to={`/stolen-bike-map/${enc}`}>{t('confirmed.toMap')}</Link>
            </li>
            <li>
              <Link to={`/app/my-bikes/${enc}`}>{t('confirmed.toBike')}</Link>
            </li>
          </ul>
        </>
      )}
    </div>
  );
}
