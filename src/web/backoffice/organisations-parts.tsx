import { useTranslation } from 'react-i18next';
import { STAFF_ROLES } from '../../domain/roles';
import { useProfile } from '../lib/profile';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

// What the pages of issue 14 share: whether the user may change things, the note a revisor sees, a pager.

/** Staff and admins change; the revisor (and anyone else) only reads. The server decides in the end (403). */
export function useCanChange(): boolean {
  const role = useProfile().data?.role;
  return role !== undefined && (STAFF_ROLES as readonly string[]).includes(role);
}

/** Said once on a page whose buttons a revisor cannot use. */
export function ReadOnlyNote() {
  const { t } = useTranslation('backoffice-orgs');
  return <Alert tone="info">{t('readOnly')}</Alert>;
}

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
