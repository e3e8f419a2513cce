import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Transfer } from '../../domain/ownership';
import { MenuLink } from '../ui/actions-menu';
import { Alert } from '../ui/alert';
import { useIncomingTransfers, useMyTransfers } from './ownership-api';
import { BillOfSaleButton } from './ownership-parts';
import './ownership.css';

// What the ownership area adds to pages of other areas: the notice on the bike page after taking a bike
// over, the "Transfer ownership" action, and the "Receive a bike" card on my bikes.

function acceptedOf(state: unknown): Transfer | null {
  const transfer = (state as { transferAccepted?: unknown } | null)?.transferAccepted;
  return transfer && typeof transfer === 'object' && 'id' in transfer ? (transfer as Transfer) : null;
}

/**
 * On the bike page right after the bike was taken over: it is yours now, with the bill of sale when both
 * confirmed, else the way to confirm. Taken out of the history entry, so a reload does not repeat it.
 */
export function TransferAcceptedNotice() {
  const { t } = useTranslation('ownership');
  const location = useLocation();
  const navigate = useNavigate();
  const [transfer] = useState(() => acceptedOf(location.state));
  useEffect(() => {
    if (acceptedOf(location.state)) navigate(location.pathname + location.search + location.hash, { replace: true, state: null });
  }, [location, navigate]);
  if (!transfer) return null;
  return (
    <Alert tone="success" title={t('accepted.title')}>
      <p>{t('accepted.body')}</p>
      {transfer.has_bill_of_sale ? (
        <BillOfSaleButton transferId={transfer.id} />
      ) : (
        <>
          {transfer.buyer_confirmed_at && <p>{t('accepted.waitingSeller')}</p>}
          <Link to={`/app/my-bikes/transfers/${encodeURIComponent(transfer.id)}`}>
            {transfer.buyer_confirmed_at ? t('accepted.seeTransfer') : t('accepted.toTransfer')}
          </Link>
        </>
      )}
    </Alert>
  );
}

/** The bike page's action to hand the bike over (in its actions menu; not for a bike reported stolen, which the server refuses to hand over). */
export function TransferAction({ bikeId, stolen }: { bikeId: string; stolen: boolean }) {
  const { t } = useTranslation('ownership');
  if (stolen) return null;
  return <MenuLink to={`/app/my-bikes/${encodeURIComponent(bikeId)}/transfer-ownership`}>{t('action.transfer')}</MenuLink>;
}

/** On a bike in my bikes: a transfer of it is waiting for the new owner (one list call serves every bike). */
export function TransferPendingLabel({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation('ownership');
  const mine = useMyTransfers();
  const pending = mine.data?.find(
    (transfer) => transfer.bike_id === bikeId && transfer.status === 'pending' && transfer.my_side === 'seller',
  );
  if (!pending) return null;
  return (
    <p className="ownership-pending-label">
      <Link to={`/app/my-bikes/${encodeURIComponent(bikeId)}/transfer-ownership`}>{t('label.pending', { email: pending.to_email })}</Link>
    </p>
  );
}

/** My bikes: bikes waiting to be taken over, and the ways to receive or ask for a bike. */
export function ReceiveBikeCard() {
  const { t } = useTranslation('ownership');
  const incoming = useIncomingTransfers();
  const count = incoming.data?.length ?? 0;
  return (
    <section className="card" aria-labelledby="receive-card-title">
      <h2 id="receive-card-title">{t('card.title')}</h2>
      {count > 0 ? (
        <p className="ownership-waiting">
          <strong>{t('card.waiting', { count })}</strong>
        </p>
      ) : (
        <p>{t('card.body')}</p>
      )}
      <ul className="ownership-links">
        <li>
          <Link to="/app/my-bikes/receive-bike">{t('card.receive')}</Link>
        </li>
        <li>
          <Link to="/app/bikes/request-ownership">{t('card.request')}</Link>
        </li>
        <li>
          <Link to="/app/my-bikes/transfers">{t('card.mine')}</Link>
        </li>
      </ul>
    </section>
  );
}
