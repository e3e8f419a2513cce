import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '../lib/intl';
import { PublicBikeCard } from '../search/public-bike-card';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useIncomingTransfers, useMyTransfers } from './ownership-api';
import { TransferDetail } from './transfer-detail';
import { TransferHistoryList } from './transfer-list';

/**
 * /app/my-bikes/receive-bike[?transfer=&token=]: with a transfer (the link in the mail), its card and the
 * choice to accept or decline; without, the bikes waiting for the caller. A visitor is sent to log in or
 * sign up first and comes back to the same address, query included (the access guard keeps it).
 */
export function ReceiveBikePage() {
  const [params] = useSearchParams();
  const id = params.get('transfer');
  if (id) return <TransferDetail id={id} token={params.get('token') ?? ''} />;
  return <IncomingTransfers />;
}

/** /app/my-bikes/transfers/{transferId}: one transfer, for the seller or the buyer (confirm, bill of sale). */
export function TransferViewPage() {
  const id = useParams().transferId ?? '';
  return <TransferDetail id={id} token="" />;
}

/** /app/my-bikes/transfers: every bike the caller handed over or took over, with the bills of sale. */
export function MyTransfersPage() {
  const { t } = useTranslation('ownership');
  const mine = useMyTransfers();
  return (
    <div className="bike-page bike-narrow ownership-page">
      <BackToMyBikes />
      <PageTitle>{t('mine.title')}</PageTitle>
      <p className="ownership-lead">{t('mine.lead')}</p>
      {mine.isPending ? (
        <Loading />
      ) : mine.isError ? (
        <LoadError error={mine.error} onRetry={() => void mine.refetch()} retrying={mine.isFetching} />
      ) : (
        <TransferHistoryList transfers={mine.data} title={t('mine.listTitle')} empty={t('mine.empty')} showBike />
      )}
    </div>
  );
}

function BackToMyBikes() {
  const { t } = useTranslation('ownership');
  return (
    <p className="bike-back">
      <Link to="/app/my-bikes">
        <span aria-hidden="true">← </span>
        {t('nav.myBikes')}
      </Link>
    </p>
  );
}

function IncomingTransfers() {
  const { t, i18n } = useTranslation('ownership');
  const incoming = useIncomingTransfers();
  const lang = i18n.resolvedLanguage ?? 'da';
  let body: React.ReactNode;
  if (incoming.isPending) body = <Loading />;
  else if (incoming.isError)
    body = <LoadError error={incoming.error} onRetry={() => void incoming.refetch()} retrying={incoming.isFetching} />;
  else if (incoming.data.length === 0)
    body = (
      <div className="card empty-state">
        <h2>{t('incoming.emptyTitle')}</h2>
        <p>{t('incoming.emptyBody')}</p>
        <p>{t('incoming.requestHint')}</p>
        <div className="actions">
          <Link to="/app/bikes/request-ownership" className="btn btn-secondary">
            {t('incoming.requestLink')}
          </Link>
        </div>
      </div>
    );
  else
    body = (
      <ul className="ownership-list" aria-label={t('incoming.listLabel', { count: incoming.data.length })}>
        {incoming.data.map((transfer) => (
          <li key={transfer.id}>
            <PublicBikeCard bike={transfer.bike}>
              <p>
                {t('incoming.from', {
                  name: transfer.seller_first_name ?? t('facts.sellerUnnamed'),
                  date: formatDateTime(transfer.expires_at, lang),
                })}
              </p>
              <Link to={`/app/my-bikes/receive-bike?transfer=${encodeURIComponent(transfer.id)}`} className="btn btn-primary">
                {t('incoming.open')}
              </Link>
            </PublicBikeCard>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="bike-page bike-narrow ownership-page">
      <BackToMyBikes />
      <PageTitle>{t('incoming.title')}</PageTitle>
      <p className="ownership-lead">{t('incoming.lead')}</p>
      {body}
    </div>
  );
}
