import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BikeDetail } from '../../domain/bikes';
import type { Transfer } from '../../domain/ownership';
import { BackToBike, BikeGate } from '../bikes/bike-gate';
import { bikeName } from '../bikes/bike-terms';
import { Alert } from '../ui/alert';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { VerificationNotice } from '../verification/verification-notice';
import { useBikeTransfers } from './ownership-api';
import { ConfirmationReturn } from './transfer-confirm';
import { TransferForm } from './transfer-form';
import { TransferHistoryList } from './transfer-list';
import { PendingTransfer } from './transfer-pending';

/**
 * /app/my-bikes/{bikeId}/transfer-ownership: hand the bike over to a new owner by their email. While a
 * transfer is pending the page shows it (cancel, confirm with national ID); a stolen bike cannot be
 * handed over; earlier transfers are listed below with their bills of sale.
 */
export function TransferPage() {
  return <BikeGate>{(bike) => <TransferView bike={bike} />}</BikeGate>;
}

function TransferView({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['ownership', 'bike-terms']);
  const name = bikeName(bike, t);
  const transfers = useBikeTransfers(bike.id);
  // The address the transfer just went to: the page says the mail is on its way.
  const [sentTo, setSentTo] = useState<string | null>(null);

  let body: React.ReactNode;
  if (transfers.isPending) body = <Loading />;
  else if (transfers.isError)
    body = <LoadError error={transfers.error} onRetry={() => void transfers.refetch()} retrying={transfers.isFetching} />;
  else {
    const pending = transfers.data.find((transfer) => transfer.status === 'pending' && transfer.my_side === 'seller');
    const past = transfers.data.filter((transfer: Transfer) => transfer !== pending);
    body = (
      <>
        {pending ? (
          <PendingTransfer transfer={pending} bike={bike} sentTo={sentTo} />
        ) : bike.flags.reported_stolen ? (
          <Alert tone="warning" title={t('transfer.stolenTitle')}>
            <p>{t('transfer.stolenBody')}</p>
          </Alert>
        ) : (
          <TransferForm bike={bike} onSent={(transfer) => setSentTo(transfer.to_email)} />
        )}
        <TransferHistoryList transfers={past} title={t('past.title')} empty={t('past.empty')} />
      </>
    );
  }

  return (
    <div className="bike-page bike-narrow ownership-page">
      <BackToBike bikeId={bike.id} />
      <PageTitle>{t('transfer.title', { name })}</PageTitle>
      <p className="ownership-lead">{t('transfer.lead')}</p>
      <VerificationNotice />
      <ConfirmationReturn />
      {body}
    </div>
  );
}
