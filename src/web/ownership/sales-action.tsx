import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The bike page's way to the sales links (hidden for a bike reported stolen: it gets none). */
export function SalesLinkAction({ bikeId, stolen }: { bikeId: string; stolen: boolean }) {
  const { t } = useTranslation('sales');
  if (stolen) return null;
  return (
    <Link to={`/app/my-bikes/${encodeURIComponent(bikeId)}/sales-link`} className="btn btn-secondary">
      {t('action.salesLink')}
    </Link>
  );
}
