import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StolenReport } from '../../domain/theft';
import { BackToBike, BikeLoadError, isNotFound, useBikeId } from '../bikes/bike-gate';
import { formatDateTime } from '../lib/intl';
import { PlaceMap } from '../maps/location-picker';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { VerificationNotice } from '../verification/verification-notice';
import { FoundPanel } from './found-panel';
import { PoliceReportButton } from './pdf-button';
import { ReportSummary, type SummaryValues } from './summary';
import { useStolenReport } from './theft-api';
import './theft.css';

/** /app/my-bikes/{bikeId}/stolen-bike-report: the filed report (CPR masked, the exact place), its PDF, and "My bike is found". */
export function StolenReportPage() {
  const { t } = useTranslation('theft');
  const bikeId = useBikeId();
  const report = useStolenReport(bikeId);

  if (report.isPending) return <Loading />;
  if (report.isError) {
    if (!isNotFound(report.error)) {
      return <BikeLoadError error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />;
    }
    return (
      <div className="theft-page">
        <BackToBike bikeId={bikeId} />
        <PageTitle>{t('report.noneTitle')}</PageTitle>
        <Alert tone="info">{t('report.noneBody')}</Alert>
        <div className="actions">
          <Link to={`/app/my-bikes/${encodeURIComponent(bikeId)}`} className="btn btn-primary">
            {t('report.toBike')}
          </Link>
        </div>
      </div>
    );
  }
  return <FiledReport report={report.data} />;
}

function FiledReport({ report }: { report: StolenReport }) {
  const { t, i18n } = useTranslation('theft');
  const reportedAt = formatDateTime(report.reported_at, i18n.resolvedLanguage, 'long');
  const values: SummaryValues = {
    ...report,
    insurer_name: report.insurance_company?.name ?? report.insurance_company_other ?? null,
    cpr_display: report.cpr_number_masked,
    insurance_company: undefined,
  } as SummaryValues;
  return (
    <div className="theft-page">
      <BackToBike bikeId={report.bike_id} />
      <PageTitle>{t('report.title')}</PageTitle>
      <p className="theft-stolen-label">
        <span className="theft-flag">{t('report.stolenLabel')}</span> {t('report.reportedAt', { date: reportedAt })}
      </p>
      <VerificationNotice />
      {report.shared_with_insurer_at && report.insurance_company && (
        <Alert tone="info">{t('report.shared', { insurer: report.insurance_company.name })}</Alert>
      )}
      <PoliceReportButton bikeId={report.bike_id} variant="primary" />
      <FoundPanel bikeId={report.bike_id} />
      <section aria-labelledby="report-place" className="theft-place">
        <h2 id="report-place">{t('report.placeTitle')}</h2>
        <p>{report.place}</p>
        <PlaceMap
          latitude={report.latitude}
          longitude={report.longitude}
          radiusMeters={0}
          label={t('report.mapLabel', { place: report.place })}
        />
        <p className="muted">{t('report.placePrivate')}</p>
      </section>
      <ReportSummary values={values} headingLevel={2} />
    </div>
  );
}
