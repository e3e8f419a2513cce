import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../ui/alert';
import { useNewestClaimOfBike } from './insurance-api';

/**
 * On the owner's bike page: the newest insurance claim on the bike, which insurer holds it and where it stands, with
 * the way to the owner's claims. Nothing while loading, on a failure (the page works without it) or without a claim.
 */
export function ClaimNotice({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation('insurance-claim-notice');
  const claim = useNewestClaimOfBike(bikeId).data;
  if (!claim) return null;
  const tone = claim.status === 'rejected' ? 'warning' : claim.status === 'paid' ? 'success' : 'info';
  return (
    <Alert tone={tone} title={t('title', { insurer: claim.insurer.name })}>
      <p>{t(`state.${claim.status}`, { insurer: claim.insurer.name })}</p>
      <Link to="/insurance/self/admin/reports">{t('link')}</Link>
    </Alert>
  );
}
