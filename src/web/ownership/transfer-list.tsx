import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Transfer } from '../../domain/ownership';
import { formatPrice } from '../bikes/bike-format';
import { formatDateTime } from '../lib/intl';
import { BillOfSaleButton, TransferStatus, transferBikeName } from './ownership-parts';

/**
 * Transfers as a list (a bike's earlier ones on its transfer page; all of the caller's on "my transfers"),
 * each with its state, the other side, dates and price, and the bill of sale when there is one.
 */
export function TransferHistoryList({
  transfers,
  title,
  empty,
  showBike = false,
}: {
  transfers: Transfer[];
  title: string;
  empty: string;
  showBike?: boolean;
}) {
  const { t, i18n } = useTranslation('ownership');
  const lang = i18n.resolvedLanguage ?? 'da';
  return (
    <section className="ownership-past" aria-labelledby="transfer-past-title">
      <h2 id="transfer-past-title">{title}</h2>
      {transfers.length === 0 ? (
        <p className="bike-empty">{empty}</p>
      ) : (
        <ul className="ownership-list">
          {transfers.map((transfer) => (
            <li key={transfer.id} className="card ownership-item">
              {showBike && <h3 className="ownership-item-bike">{transferBikeName(transfer, t('unnamedBike'))}</h3>}
              <div className="ownership-item-head">
                <TransferStatus status={transfer.status} />
                <span className="ownership-item-who">
                  {transfer.my_side === 'seller'
                    ? t('past.to', { email: transfer.to_email })
                    : t('past.from', { name: transfer.seller_first_name ?? t('facts.sellerUnnamed') })}
                </span>
              </div>
              <p className="muted">
                {transfer.status === 'pending'
                  ? t('past.whenPending', {
                      created: formatDateTime(transfer.created_at, lang),
                      expires: formatDateTime(transfer.expires_at, lang),
                    })
                  : t('past.when', {
                      created: formatDateTime(transfer.created_at, lang),
                      decided: formatDateTime(transfer.decided_at ?? transfer.expires_at, lang),
                    })}
                {transfer.price_dkk !== null && ` · ${formatPrice(transfer.price_dkk, lang)}`}
              </p>
              <div className="ownership-item-actions">
                <Link to={`/app/my-bikes/transfers/${encodeURIComponent(transfer.id)}`}>{t('past.details')}</Link>
                {transfer.has_bill_of_sale && <BillOfSaleButton transferId={transfer.id} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
