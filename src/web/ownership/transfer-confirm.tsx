import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Transfer } from '../../domain/ownership';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Loading } from '../ui/spinner';
import { claimApproval, useStepUp } from '../verification/step-up';
import { useConfirmTransfer } from './ownership-api';
import { ownershipErrorText } from './ownership-parts';

// Confirming a handover with national ID (act confirm_transfer, bound to the transfer): the seller while the
// transfer is pending or after it was accepted, the buyer afterwards (or when accepting). When both have
// confirmed, the server makes the signed bill of sale.

/** Days after acceptance in which a party may still confirm (the server's rule). */
const CONFIRM_AFTER_ACCEPT_DAYS = 30;

export function canStillConfirm(transfer: Transfer, now = Date.now()): boolean {
  const mine = transfer.my_side === 'seller' ? transfer.seller_confirmed_at : transfer.buyer_confirmed_at;
  if (mine) return false;
  if (transfer.status === 'pending') return true;
  if (transfer.status !== 'accepted' || !transfer.decided_at) return false;
  return now - new Date(transfer.decided_at).getTime() < CONFIRM_AFTER_ACCEPT_DAYS * 24 * 3600 * 1000;
}

/**
 * The confirmation part of a transfer: who has confirmed, and the way to confirm for the caller (not when
 * the page offers it with accepting instead: `offerAction` false).
 */
export function ConfirmationState({ transfer, offerAction = true }: { transfer: Transfer; offerAction?: boolean }) {
  const { t, i18n } = useTranslation('ownership');
  // The provider trip comes back to this page with ?confirm=<transferId>&approval_id=… (ConfirmationReturn).
  const { approvePath: confirmPath, provider } = useStepUp({
    act: 'confirm_transfer',
    subjectId: transfer.id,
    marker: { name: 'confirm', value: transfer.id },
  });
  const lang = i18n.resolvedLanguage ?? 'da';
  const mine = transfer.my_side === 'seller' ? transfer.seller_confirmed_at : transfer.buyer_confirmed_at;
  const theirs = transfer.my_side === 'seller' ? transfer.buyer_confirmed_at : transfer.seller_confirmed_at;
  return (
    <div className="ownership-confirm">
      <h3>{t('confirm.title')}</h3>
      <p>{t('confirm.explain', { provider })}</p>
      <ul className="ownership-checklist">
        <li className={mine ? 'done' : ''}>{mine ? t('confirm.youDone', { date: formatDateTime(mine, lang) }) : t('confirm.youNot')}</li>
        <li className={theirs ? 'done' : ''}>
          {transfer.my_side === 'seller'
            ? theirs
              ? t('confirm.buyerDone', { date: formatDateTime(theirs, lang) })
              : t('confirm.buyerNot')
            : theirs
              ? t('confirm.sellerDone', { date: formatDateTime(theirs, lang) })
              : t('confirm.sellerNot')}
        </li>
      </ul>
      {offerAction && canStillConfirm(transfer) && (
        <Link to={confirmPath} className="btn btn-primary">
          {t('confirm.action', { provider })}
        </Link>
      )}
    </div>
  );
}

/**
 * Back from the provider with an approval: hands it to POST …/confirmation once, says how it went, and takes
 * it out of the address (a reload does not send it again).
 */
export function ConfirmationReturn() {
  const { t } = useTranslation('ownership');
  // Which transfer is named by the marker itself: any confirm_transfer approval that came back to this page.
  const { approvalId, markerValue: transferId, clear } = useStepUp({ act: 'confirm_transfer', marker: { name: 'confirm' } });
  const confirm = useConfirmTransfer();

  useEffect(() => {
    if (!transferId || !approvalId || !claimApproval(approvalId)) return;
    confirm.mutate({ id: transferId, approvalId }, { onSettled: clear });
  }, [transferId, approvalId, confirm, clear]);

  if (confirm.isPending) return <Loading />;
  if (confirm.isError) return <Alert title={t('confirm.failedTitle')}>{ownershipErrorText(confirm.error, t)}</Alert>;
  if (confirm.isSuccess) {
    return <Alert tone="success">{confirm.data.has_bill_of_sale ? t('confirm.savedWithBill') : t('confirm.saved')}</Alert>;
  }
  return null;
}
