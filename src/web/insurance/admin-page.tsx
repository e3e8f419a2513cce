import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CLAIM_STATUSES } from '../../domain/insurance-claims';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { adminPath, claimsPath, refusal } from './gate';
import { useInsurerOverview } from './insurance-api';
import './insurance.css';

/**
 * /insurance/{insurerPartyId}/admin: where an insurance company's staff land (§2): the claims by state (each a
 * link to the list filtered on it), the possession checks and lock tests waiting, and the policies.
 */
export function InsuranceAdminPage() {
  const { t } = useTranslation(['insurance', 'insurance-evidence']);
  const { insurerPartyId = '' } = useParams();
  const overview = useInsurerOverview(insurerPartyId);

  if (overview.isPending) return <Loading />;
  if (!overview.data) {
    return (
      refusal(overview.error) ?? <LoadError error={overview.error} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
    );
  }
  const o = overview.data;
  const company = o.insurer.name;
  const open = o.claims.received + o.claims.in_review + o.claims.approved;
  return (
    <div className="insurance-page">
      <PageTitle>{company}</PageTitle>
      <p className="insurance-lead">{t('admin.lead', { company })}</p>
      <section className="card insurance-home" aria-labelledby="insurance-claims-title">
        <h2 id="insurance-claims-title">{t('admin.claimsTitle', { count: open })}</h2>
        <ul className="insurance-counts">
          {CLAIM_STATUSES.map((status) => (
            <li key={status}>
              <Link to={claimsPath(insurerPartyId, status)}>
                <span className="insurance-count">{o.claims[status]}</span> {t(`claimStatus.${status}`)}
              </Link>
            </li>
          ))}
        </ul>
        <Link to={claimsPath(insurerPartyId)} className="btn btn-primary">
          {t('admin.allClaims')}
        </Link>
      </section>
      <section className="card insurance-home" aria-labelledby="insurance-checks-title">
        <h2 id="insurance-checks-title">{t('admin.checksTitle')}</h2>
        <ul className="insurance-counts">
          <li>
            <Link to={`${adminPath(insurerPartyId)}/possession?status=submitted`}>
              <span className="insurance-count">{o.pending_possession_checks}</span> {t('admin.possessionChecks')}
            </Link>
          </li>
          <li>
            <Link to={`${adminPath(insurerPartyId)}/lock-tests?status=submitted`}>
              <span className="insurance-count">{o.pending_lock_tests}</span> {t('admin.lockTests')}
            </Link>
          </li>
          <li>
            <span className="insurance-count">{o.policies}</span> {t('admin.policies')}
          </li>
        </ul>
        <p className="actions">
          <Link to={`${adminPath(insurerPartyId)}/possession`}>{t('insurance-evidence:adminLinks.possession')}</Link>
          <Link to={`${adminPath(insurerPartyId)}/lock-tests`}>{t('insurance-evidence:adminLinks.lockTests')}</Link>
        </p>
      </section>
    </div>
  );
}
