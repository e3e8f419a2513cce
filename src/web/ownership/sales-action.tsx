import { useTranslation } from 'react-i18next';
import { MenuLink } from '../ui/actions-menu';

/** The bike page's way to the sales links, in its actions menu (not for a bike reported stolen: it gets none). */
export function SalesLinkAction({ bikeId, stolen }: { bikeId: string; stolen: boolean }) {
  const { t } = useTranslation('sales');
  if (stolen) return null;
  return <MenuLink to={`/app/my-bikes/${encodeURIComponent(bikeId)}/sales-link`}>{t('action.salesLink')}</MenuLink>;
}
