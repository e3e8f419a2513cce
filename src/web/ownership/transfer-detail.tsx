import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Transfer } from '../../domain/ownership';
import { isNotFound } from '../bikes/bike-gate';
import { formatDateTime } from '../lib/intl';
import { useSession } from '../lib/session-store';
import { PublicBikeCard } from '../search/public-bike-card';
import { Alert } from '../ui/alert';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { VerificationNotice } from '../verification/verification-notice';
import { useTransfer } from './ownership-api';
import { BillOfSaleButton, transferBikeName } from './ownership-parts';
import { AcceptOrDecline } from './transfer-accept';
import { ConfirmationReturn, ConfirmationState } from './transfer-confirm';
import { TransferFacts } from './transfer-facts';

/**
 * One transfer, for whichever side the caller is on: the recipient accepts or declines a pending one; either
 * side confirms with national ID and downloads the bill of sale. `token` is the secret of the emailed link.
 */
export function TransferDetail({ id, token }: { id: string; token: string }) {
  const { t } = useTranslation('ownership');
  const transfer = useTransfer(id, token);
  const email = useSession()?.email ?? '';

  if (transfer.isPending) return <Loading />;
  if (transfer.isError) {
    if (isNotFound(transfer.error)) {
      return (
        <div className="bike-page bike-narrow ownership-page">
          <PageTitle>{t('receive.notFoundTitle')}</PageTitle>
          <Alert tone="info">
            <p>{t('receive.notFoundBody', { email })}</p>
          </Alert>
          <div className="actions">
            <Link to="/app/my-bikes/receive-bike" className="btn btn-primary">
              {t('receive.toIncoming')}
            </Link>
          </div>
        </div>
      );
    }
    return (
      <div className="bike-page bike-narrow ownership-page">
        <LoadError error={transfer.error} onRetry={() => void transfer.refetch()} retrying={transfer.isFetching} />
      </div>
    );
  }

  const data = transfer.data;
  const name = transferBikeName(data, t('unnamedBike'));
  const buyer = data.my_side === 'buyer';
  const title = buyer && data.status === 'pending' ? t('receive.title', { name }) : t('detail.title', { name });
  const waiting = buyer && data.status === 'pending';
  return (
    <div className="bike-page bike-narrow ownership-page">
      <p className="bike-back">
        <Link to={waiting ? '/app/my-bikes/receive-bike' : '/app/my-bikes/transfers'}>
          <span aria-hidden="true">← </span>
          {waiting ? t('nav.incoming') : t('nav.myTransfers')}
        </Link>
      </p>
      <PageTitle>{title}</PageTitle>
      <VerificationNotice />
      <ConfirmationReturn />
      <StatusNotice transfer={data} />
      <PublicBikeCard bike={data.bike} headingLevel={2} />
      <section className="card ownership-terms" aria-labelledby="transfer-terms-title">
        <h2 id="transfer-terms-title">{t('detail.terms')}</h2>
        <TransferFacts transfer={data} showStatus />
        {buyer && data.status === 'pending' && <p className="field-hint">{t('receive.handOverExplain')}</p>}
        {(data.status === 'pending' || data.status === 'accepted') && (
          // A recipient who has not accepted yet confirms together with accepting, below.
          <ConfirmationState transfer={data} offerAction={!(buyer && data.status === 'pending')} />
        )}
        {data.has_bill_of_sale && (
          <div className="ownership-bill-block">
            <h3>{t('billOfSale.title')}</h3>
            <p>{t('billOfSale.body')}</p>
            <BillOfSaleButton transferId={data.id} />
          </div>
        )}
      </section>
      {buyer && data.status === 'pending' && <AcceptOrDecline transfer={data} token={token} bikeName={name} />}
      {data.request_chat_id && (
        <p>
          <Link to={`/app/chats/${encodeURIComponent(data.request_chat_id)}`}>{t('detail.toChat')}</Link>
        </p>
      )}
    </div>
  );
}

/** What the transfer's state means for the caller, with the way on. */
function StatusNotice({ transfer }: { transfer: Transfer }) {
  const { t, i18n } = useTranslation('ownership');
  const date = formatDateTime(transfer.decided_at ?? transfer.expires_at, i18n.resolvedLanguage ?? 'da');
  const side = transfer.my_side;
  const bikePath = `/app/my-bikes/${encodeURIComponent(transfer.bike_id)}`;
  if (transfer.status === 'pending') {
    if (side === 'buyer') return null;
    return (
      <Alert tone="info">
        <p>{t('detail.sellerPending', { email: transfer.to_email })}</p>
        <Link to={`${bikePath}/transfer-ownership`}>{t('detail.toTransferPage')}</Link>
      </Alert>
    );
  }
  if (transfer.status === 'accepted') {
    return (
      <Alert tone="success">
        <p>{t(`detail.accepted.${side}`, { date, email: transfer.to_email })}</p>
        {side === 'buyer' && <Link to={bikePath}>{t('detail.toBike')}</Link>}
      </Alert>
    );
  }
  return <Alert tone={transfer.status === 'expired' ? 'warning' : 'info'}>{t(`detail.${transfer.status}.${side}`, { date })}</Alert>;
}
