import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

// The pager of the organisation and voucher lists.

/** Previous / next over a list the server pages (offset and page size as it answered them). */
export function Pager({
  offset,
  pageSize,
  total,
  onOffset,
}: {
  offset: number;
  pageSize: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  const { t } = useTranslation('backoffice-orgs');
  if (total <= pageSize && offset === 0) return null;
  const last = Math.min(offset + pageSize, total);
  return (
    <nav className="orgs-pager" aria-label={t('pager.label')}>
      <Button variant="secondary" className="btn-small" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
        {t('pager.previous')}
      </Button>
      <span>{t('pager.showing', { from: total === 0 ? 0 : offset + 1, to: last, total })}</span>
      <Button variant="secondary" className="btn-small" disabled={last >= total} onClick={() => onOffset(offset + pageSize)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
