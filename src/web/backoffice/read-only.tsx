import { useTranslation } from 'react-i18next';
import { STAFF_ROLES } from '../../domain/roles';
import { useProfile } from '../lib/profile';
import { Alert } from '../ui/alert';

// The revisor reads every backoffice page but changes nothing (§6): its pages hide what would only answer 403.

/** Staff and admins change; the revisor (and anyone else) only reads. The server decides in the end (403). */
export function useCanChange(): boolean {
  const role = useProfile().data?.role;
  return role !== undefined && (STAFF_ROLES as readonly string[]).includes(role);
}

/** Said once on a page whose buttons a revisor cannot use. */
export function ReadOnlyNote() {
  const { t } = useTranslation('backoffice');
  return <Alert tone="info">{t('readOnly')}</Alert>;
}
