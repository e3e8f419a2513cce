import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate } from '../lib/intl';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { ClaimItem } from './claim-item';
import { adminPath, claimPath, refusal } from './gate';
import { useInsuredBike } from './insurance-api';
import { bikeName } from './words';
import './insurance.css';

/** /insurance/{insurerPartyId}/admin/policies/{policyId}/bikes/{bikeId}: a bike under one of the insurer's policies. */
export function InsuredBikePage() {
  const { t, i18n } = useTranslation('insurance');
  const { insurerPartyId = '', policyId = '', bikeId = '' } = useParams();
  const insured = useInsuredBike(insurerPartyId, policyId, bikeId);
  if (insured.isPending) return <Loading />;
  if (!insured.data)
    return (
      refusal(insured.error) ?? <LoadError error={insured.error} onRetry={() => void insured.refetch()} retrying={insured.isFetching} />
    );
  const { policy, bike, claims } = insured.data;
  return (
    <div className="insurance-page">
      <p>
        <Link to={adminPath(insurerPartyId)}>← {t('reports.back')}</Link>
      </p>
      <PageTitle>{bikeName(bike, t('bike.unnamed'))}</PageTitle>
      <dl className="insurance-facts">
        <div>
          <dt>{t('insured.policy')}</dt>
          <dd>
            {policy.insurer_policy_id} · {t(`insured.type.${policy.type}`)} · {policy.coverage}
          </dd>
        </div>
        <div>
          <dt>{t('report.frameNumber')}</dt>
          <dd>{bike.frame_number ?? t('report.none')}</dd>
        </div>
        <div>
          <dt>{t('claim.registered')}</dt>
          <dd>{formatDate(bike.registered_at, i18n.resolvedLanguage)}</dd>
        </div>
        <div>
          <dt>{t('claim.possession')}</dt>
          <dd>{t(`evidence.${insured.data.possession_status}`)}</dd>
        </div>
        <div>
          <dt>{t('claim.lockTest')}</dt>
          <dd>{t(`evidence.${insured.data.lock_status}`)}</dd>
        </div>
        <div>
          <dt>{t('insured.stolen')}</dt>
          <dd>{bike.reported_stolen ? t('report.yes') : t('report.no')}</dd>
        </div>
      </dl>
      <h2>{t('insured.claims')}</h2>
      {claims.length === 0 ? (
        <p>{t('reports.empty')}</p>
      ) : (
        <ul className="insurance-list">
          {claims.map((c) => (
            <ClaimItem key={c.id} claim={c} to={claimPath(insurerPartyId, c.id)} showOwner />
          ))}
        </ul>
      )}
    </div>
  );
}
