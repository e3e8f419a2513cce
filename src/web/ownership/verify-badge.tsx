import { useTranslation } from 'react-i18next';
import { MenuLink } from '../ui/actions-menu';
import { useOwnershipVerification } from './verify-api';
import { framePath, ownerPath } from './verify-parts';

// What verify-ownership adds to the bike page: the "Ownership verified" badge beside the bike's labels,
// and the action that starts (or continues) the verification while there is none.

export function OwnershipVerifiedBadge({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation('ownership-verify');
  const verification = useOwnershipVerification(bikeId);
  if (verification.data?.status !== 'verified') return null;
  return (
    <p className="verify-badge">
      <span aria-hidden="true">✓ </span>
      <span>{t('badge.verified')}</span>
    </p>
  );
}

export function VerifyOwnershipAction({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation('ownership-verify');
  const verification = useOwnershipVerification(bikeId);
  const status = verification.data?.status;
  if (!status || status === 'verified') return null;
  return <MenuLink to={status === 'owner_pending' ? ownerPath(bikeId) : framePath(bikeId)}>{t('action.verify')}</MenuLink>;
}
