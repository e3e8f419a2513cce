import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClaimSummary } from '../../domain/insurance';
import { formatDate, numberFormat } from '../lib/intl';
import { bikeName } from './words';

/** A claim's state as a badge. */
export function ClaimStatusBadge({ status }: { status: ClaimSummary['status'] }) {
  const { t } = useTranslation('insurance');
  return <span className={`insurance-status insurance-status-${status}`}>{t(`claimStatus.${status}`)}</span>;
}

/** A claim in a list: the bike, its state, when stolen, the value, and (for the insurer) the owner; `to` opens it. */
export function ClaimItem({ claim, to, showOwner }: { claim: ClaimSummary; to: string | null; showOwner: boolean }) {
  const { t, i18n } = useTranslation('insurance');
  const language = i18n.resolvedLanguage;
  const name = bikeName(claim, t('bike.unnamed'));
  return (
    <li className="card insurance-item">
      <div className="insurance-item-head">
        <h3>{to ? <Link to={to}>{name}</Link> : name}</h3>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <p className="insurance-frame">{t('list.frameNumber', { frameNumber: claim.frame_number })}</p>
      <p>
        {t('list.stolenOn', { date: formatDate(claim.stolen_at, language) })}
        {claim.report_status === 'found' && ` · ${t('list.foundAgain')}`}
      </p>
      <p>{t('list.value', { price: numberFormat(language, {}).format(claim.bike_price) })}</p>
      {claim.rejection_reason && <p className="insurance-rejection">{t('claim.rejectedBecause', { reason: claim.rejection_reason })}</p>}
      {showOwner ? (
        <p className="insurance-owner">
          <span>{t('list.owner', { name: `${claim.owner.first_name} ${claim.owner.last_name}` })}</span>
          <a href={`mailto:${claim.owner.email}`}>{claim.owner.email}</a>
        </p>
      ) : (
        <p>{t('list.insurer', { company: claim.insurer.name })}</p>
      )}
      <p className="muted">
        {t('list.arrived', { date: formatDate(claim.created_at, language) })} ·{' '}
        {t('list.updated', { date: formatDate(claim.updated_at, language) })}
      </p>
    </li>
  );
}
