import { useTranslation } from 'react-i18next';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { useOpenPortal } from './webshop-api';

/** "Manage subscription": the provider's portal (change plan, card, cancel), which returns to `returnPath`. */
export function ManageSubscription({ returnPath }: { returnPath: string }) {
  const { t } = useTranslation('webshop');
  const portal = useOpenPortal();
  const failure = portal.isError ? readApiError(portal.error, t) : null;
  return (
    <>
      {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
      <Button variant="secondary" onClick={() => portal.mutate(returnPath)} busy={portal.isPending || portal.isSuccess}>
        {t('status.manage')}
      </Button>
    </>
  );
}
