import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BikeDetail } from '../../domain/bikes';
import type { Transfer } from '../../domain/ownership';
import { bikeName } from '../bikes/bike-terms';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useCancelTransfer } from './ownership-api';
import { ownershipErrorText } from './ownership-parts';
import { ConfirmationState } from './transfer-confirm';
import { TransferFacts } from './transfer-facts';

/** The seller's view of a pending transfer: to whom, since when, until when; cancel it, or confirm with national ID. */
export function PendingTransfer({ transfer, bike, sentTo }: { transfer: Transfer; bike: BikeDetail; sentTo: string | null }) {
  const { t } = useTranslation(['ownership', 'bike-terms']);
  const cancel = useCancelTransfer();
  const [asking, setAsking] = useState(false);
  const name = bikeName(bike, t);

  return (
    <section className="card ownership-pending" aria-labelledby="transfer-pending-title">
      <h2 id="transfer-pending-title">{t('pending.title')}</h2>
      {sentTo && <Alert tone="success">{t('pending.sent', { email: sentTo })}</Alert>}
      <p>{t('pending.body', { email: transfer.to_email })}</p>
      <TransferFacts transfer={transfer} />
      <ConfirmationState transfer={transfer} />
      {cancel.isError && <Alert>{ownershipErrorText(cancel.error, t)}</Alert>}
      <div className="actions">
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('pending.cancel')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('pending.cancelTitle', { name })}
        confirmLabel={t('pending.cancelConfirm')}
        cancelLabel={t('pending.cancelKeep')}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(transfer.id, { onSettled: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
      >
        <p>{t('pending.cancelBody', { email: transfer.to_email })}</p>
      </ConfirmDialog>
    </section>
  );
}
