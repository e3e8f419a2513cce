import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Transfer } from '../../domain/ownership';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { CheckboxField } from '../ui/field';
import { claimApproval, useStepUp } from '../verification/step-up';
import { invalidateOwnership, useAcceptTransfer, useDeclineTransfer } from './ownership-api';
import { ownershipErrorText } from './ownership-parts';

/** What the bike page is told after a bike was taken over (router state, not the address). */
export interface TransferAcceptedState {
  transferAccepted: Transfer;
}

/**
 * The recipient's choice on a pending transfer: accept (optionally confirming with national ID first, for a
 * signed bill of sale) or decline. Accepting moves the bike and goes to its page.
 */
export function AcceptOrDecline({ transfer, token, bikeName }: { transfer: Transfer; token: string; bikeName: string }) {
  const { t } = useTranslation('ownership');
  const navigate = useNavigate();
  const accept = useAcceptTransfer();
  const decline = useDeclineTransfer();
  const [withEid, setWithEid] = useState(false);
  const [asking, setAsking] = useState(false);
  // Accepting with national ID: the provider trip comes back here with ?accept=approved&approval_id=….
  const { approvePath, approvalId, provider, clear } = useStepUp({
    act: 'confirm_transfer',
    subjectId: transfer.id,
    marker: { name: 'accept' },
  });

  const onAccepted = (accepted: Transfer) =>
    navigate(`/app/my-bikes/${encodeURIComponent(accepted.bike_id)}`, {
      state: { transferAccepted: accepted } satisfies TransferAcceptedState,
    });
  // A refused call may mean the transfer changed meanwhile (expired, cancelled): show it as it is now.
  const onFailed = () => void invalidateOwnership();

  // Accepting moves the bike: then its page (the call's promise settles even if this part is gone by then).
  const acceptNow = async (approvalId?: string) => {
    try {
      onAccepted(await accept.mutateAsync({ id: transfer.id, token: token || undefined, approvalId }));
    } catch {
      onFailed();
    }
  };

  // Back from the provider with the buyer's approval: accept with it, once.
  useEffect(() => {
    if (!approvalId || !claimApproval(approvalId)) return;
    clear();
    void acceptNow(approvalId);
  });

  const run = () => {
    if (withEid) {
      navigate(approvePath);
      return;
    }
    void acceptNow();
  };

  const stolen = transfer.bike.reported_stolen;
  return (
    <section className="card" aria-labelledby="transfer-accept-title">
      <h2 id="transfer-accept-title">{t('receive.decideTitle')}</h2>
      {stolen ? (
        <Alert tone="warning">{t('errors.bike_reported_stolen')}</Alert>
      ) : (
        <>
          <p>{t('receive.acceptBody', { name: bikeName })}</p>
          <CheckboxField
            label={t('receive.withEid', { provider })}
            checked={withEid}
            onChange={(event) => setWithEid(event.target.checked)}
          />
          <p className="field-hint">{t('receive.withEidHint', { provider })}</p>
        </>
      )}
      {accept.isError && <Alert>{ownershipErrorText(accept.error, t)}</Alert>}
      {decline.isError && <Alert>{ownershipErrorText(decline.error, t)}</Alert>}
      <div className="actions">
        {!stolen && (
          <Button onClick={run} busy={accept.isPending || accept.isSuccess}>
            {withEid ? t('receive.acceptWithEid', { provider }) : t('receive.accept')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setAsking(true)} disabled={accept.isPending}>
          {t('receive.decline')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('receive.declineTitle', { name: bikeName })}
        confirmLabel={t('receive.declineConfirm')}
        cancelLabel={t('receive.declineKeep')}
        busy={decline.isPending}
        onConfirm={() =>
          decline.mutate({ id: transfer.id, token: token || undefined }, { onError: onFailed, onSettled: () => setAsking(false) })
        }
        onCancel={() => setAsking(false)}
      >
        <p>{t('receive.declineBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
