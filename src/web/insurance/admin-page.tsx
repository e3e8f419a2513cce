import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { InsurerReportSummary } from '../../domain/insurance';
import { formatDate, numberFormat } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { refusal, reportPath } from './gate';
import { useInsurerReports } from './insurance-api';
import { bikeName } from './words';
import './insurance.css';

/**
 * /insurance/{insurerPartyId}/admin: where an insurance company's staff land (§2). It says what they can do
 * here and lists the stolen reports shared with the company, newest first, read-only.
 */
export function InsuranceAdminPage() {
  const { t } = useTranslation('insurance');
  const { insurerPartyId = '' } = useParams();
  const reports = useInsurerReports(insurerPartyId);

  if (reports.isPending) return <Loading />;
  if (!reports.data) {
    return (
      refusal(reports.error) ?? <LoadError error={reports.error} onRetry={() => void reports.refetch()} retrying={reports.isFetching} />
    );
  }
  const pages = reports.data.pages;
  const company = pages[0]?.insurer.name ?? '';
  const items = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.total ?? items.length;

  return (
    <div className="insurance-page">
      <PageTitle>{company}</PageTitle>
      <p className="insurance-lead">{t('admin.lead', { company })}</p>
      <section className="card insurance-can" aria-labelledby="insurance-can-title">
        <h2 id="insurance-can-title">{t('admin.canTitle')}</h2>
        <ul>
          <li>{t('admin.canList')}</li>
          <li>{t('admin.canOpen')}</li>
          <li>{t('admin.canContact')}</li>
        </ul>
        <p className="muted">{t('admin.readOnly')}</p>
      </section>
      <section className="insurance-reports" aria-labelledby="insurance-reports-title">
        <h2 id="insurance-reports-title">{t('list.title')}</h2>
        {items.length === 0 ? (
          <p>{t('list.empty', { company })}</p>
        ) : (
          <>
            <ul className="insurance-list">
              {items.map((report) => (
                <ReportItem key={report.id} insurerPartyId={insurerPartyId} report={report} />
              ))}
            </ul>
            <p className="muted">{t('list.shown', { shown: items.length, total })}</p>
          </>
        )}
        {reports.isFetchNextPageError && <Alert>{t('list.moreFailed')}</Alert>}
        {reports.hasNextPage && (
          <Button variant="secondary" onClick={() => void reports.fetchNextPage()} busy={reports.isFetchingNextPage}>
            {t('list.more')}
          </Button>
        )}
      </section>
    </div>
  );
}

function ReportItem({ insurerPartyId, report }: { insurerPartyId: string; report: InsurerReportSummary }) {
  const { t, i18n } = useTranslation(['insurance', 'bike-terms']);
  const language = i18n.resolvedLanguage;
  const details = [
    t(`bike-terms:color.${report.bike_color}`, { defaultValue: report.bike_color }),
    t(`bike-terms:category.${report.bike_category}`, { defaultValue: report.bike_category }),
    report.is_electric ? t('list.electric') : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const { owner } = report;
  return (
    <li className="card insurance-item">
      <div className="insurance-item-head">
        <h3>
          <Link to={reportPath(insurerPartyId, report.id)}>{bikeName(report, t('bike.unnamed'))}</Link>
        </h3>
        <span className={`insurance-status insurance-status-${report.status}`}>{t(`status.${report.status}`)}</span>
      </div>
      <p className="insurance-frame">{t('list.frameNumber', { frameNumber: report.frame_number })}</p>
      <p>{details}</p>
      <p>
        {t('list.stolenOn', { date: formatDate(report.stolen_at, language) })}
        {report.stolen_area && (
          <>
            {' · '}
            <span className="insurance-nowrap">{report.stolen_area}</span>
          </>
        )}
      </p>
      <p>{t('list.value', { price: numberFormat(language, {}).format(report.bike_price) })}</p>
      <p className="insurance-owner">
        <span>{t('list.owner', { name: `${owner.first_name} ${owner.last_name}` })}</span>
        <a href={`mailto:${owner.email}`}>{owner.email}</a>
        <a href={`tel:${owner.mobile.replace(/\s+/g, '')}`}>{owner.mobile}</a>
      </p>
      <p className="muted">{t('list.reportedOn', { date: formatDate(report.reported_at, language) })}</p>
    </li>
  );
}
