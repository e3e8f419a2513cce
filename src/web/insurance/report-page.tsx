import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { InsurerReport } from '../../domain/insurance';
import { formatDate, formatDateTime, numberFormat } from '../lib/intl';
import { Alert } from '../ui/alert';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { adminPath, errorCode, refusal } from './gate';
import { useInsurerReport } from './insurance-api';
import { bikeName } from './words';
import './insurance.css';

/** /insurance/{insurerPartyId}/admin/reports/{reportId}: one stolen report shared with the company, read-only. */
export function InsuranceReportPage() {
  const { t } = useTranslation('insurance');
  const { insurerPartyId = '', reportId = '' } = useParams();
  const report = useInsurerReport(insurerPartyId, reportId);

  if (report.isPending) return <Loading />;
  if (report.isError) {
    const refused = refusal(report.error);
    if (refused) return refused;
    if (errorCode(report.error) !== 'stolen_report_not_found') {
      return <LoadError error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />;
    }
    return (
      <div className="insurance-page">
        <BackToList insurerPartyId={insurerPartyId} />
        <PageTitle>{t('report.notFoundTitle')}</PageTitle>
        <Alert tone="info">{t('report.notFoundBody')}</Alert>
      </div>
    );
  }
  return <Report insurerPartyId={insurerPartyId} report={report.data} />;
}

function BackToList({ insurerPartyId }: { insurerPartyId: string }) {
  const { t } = useTranslation('insurance');
  return (
    <p>
      <Link to={adminPath(insurerPartyId)}>← {t('report.back')}</Link>
    </p>
  );
}

type Fact = [label: string, value: ReactNode];

function Facts({ id, title, facts }: { id: string; title: string; facts: Fact[] }) {
  const { t } = useTranslation('insurance');
  return (
    <section className="insurance-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="insurance-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === null || value === '' ? <span className="muted">{t('report.none')}</span> : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Report({ insurerPartyId, report }: { insurerPartyId: string; report: InsurerReport }) {
  const { t, i18n } = useTranslation(['insurance', 'bike-terms']);
  const language = i18n.resolvedLanguage;
  const yes = (v: boolean) => (v ? t('report.yes') : t('report.no'));
  const { owner } = report;
  const unit = [owner.floor, owner.side, owner.door].filter(Boolean).join(' ');
  const address = [[owner.street_address, unit].filter(Boolean).join(', '), `${owner.zip_code} ${owner.city}`].join(', ');
  const price = t('report.price', { price: numberFormat(language, {}).format(report.bike_price) });

  return (
    <div className="insurance-page">
      <BackToList insurerPartyId={insurerPartyId} />
      <PageTitle>{bikeName(report, t('bike.unnamed'))}</PageTitle>
      <p className="insurance-report-line">
        <span className={`insurance-status insurance-status-${report.status}`}>{t(`status.${report.status}`)}</span>{' '}
        {t('report.reportedShared', {
          reported: formatDate(report.reported_at, language),
          company: report.insurer.name,
          shared: formatDate(report.shared_at, language),
        })}
      </p>
      <Facts
        id="insurance-bike"
        title={t('report.bikeTitle')}
        facts={[
          [t('report.frameNumber'), report.frame_number],
          [t('report.category'), t(`bike-terms:category.${report.bike_category}`, { defaultValue: report.bike_category })],
          [t('report.color'), t(`bike-terms:color.${report.bike_color}`, { defaultValue: report.bike_color })],
          [t('report.electric'), yes(report.is_electric)],
          ...(report.is_electric
            ? ([[t('report.battery'), report.battery_location ? t(`battery.${report.battery_location}`) : null]] as Fact[])
            : []),
          [t('report.lock'), t(`lock.${report.lock_status}`)],
          [t('report.value'), price],
        ]}
      />
      <Facts
        id="insurance-theft"
        title={t('report.theftTitle')}
        facts={[
          [t('report.lastSeen'), formatDateTime(report.time_last_seen, language)],
          [t('report.noted'), formatDateTime(report.stolen_at, language)],
          [t('report.place'), report.place],
          [t('report.coordinates'), `${report.latitude.toFixed(5)}, ${report.longitude.toFixed(5)}`],
          [t('report.policeReport'), yes(report.police_report_requested)],
        ]}
      />
      <Facts
        id="insurance-culprit"
        title={t('report.culpritTitle')}
        facts={[
          [t('report.culpritKnown'), yes(report.is_culprit_known)],
          [t('report.culpritRecognizable'), yes(report.is_culprit_recognizable)],
          [t('report.culpritInfo'), report.culprit_info],
          [t('report.witness'), yes(report.has_witness)],
          ...(report.has_witness ? ([[t('report.witnesses'), report.witnesses]] as Fact[]) : []),
        ]}
      />
      <Facts
        id="insurance-owner"
        title={t('report.ownerTitle')}
        facts={[
          [t('report.name'), `${owner.first_name} ${owner.last_name}`],
          [t('report.address'), address],
          [
            t('report.email'),
            <a key="email" href={`mailto:${owner.email}`}>
              {owner.email}
            </a>,
          ],
          [
            t('report.mobile'),
            <a key="mobile" href={`tel:${owner.mobile.replace(/\s+/g, '')}`}>
              {owner.mobile}
            </a>,
          ],
          [t('report.telephone'), owner.telephone],
        ]}
      />
    </div>
  );
}
