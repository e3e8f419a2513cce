import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { OrderView } from '../../domain/webshop/orders';
import { ApiError } from '../lib/api-client';
import { fetchFile } from '../lib/download-file';
import { formatDate, formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { DownloadButton } from '../ui/download-button';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { formatMoney } from './money';
import { OrderLines } from './quote-table';
import { useMyOrders, useOrder } from './webshop-api';
import '../bikes/bike.css';
import './webshop.css';

function BackToSettings() {
  const { t } = useTranslation('webshop');
  return (
    <p className="bike-back">
      <Link to="/app/settings">
        <span aria-hidden="true">← </span>
        {t('orders.backToSettings')}
      </Link>
    </p>
  );
}

/** The order's state in words: paid, reserved (plates: charged when sent), waiting, failed … */
function statusText(order: OrderView, t: (key: string) => string): string {
  if (order.status === 'paid' && order.payment.state === 'authorised') return t('orders.status.authorised');
  return t(`orders.status.${order.status}`);
}

/** /app/settings/orders: my orders (the acting party's), newest first. */
export function OrdersPage() {
  const { t, i18n } = useTranslation('webshop');
  const orders = useMyOrders();
  const list = orders.data?.pages.flatMap((page) => page.items);
  const money = (order: OrderView) => formatMoney(order.gross_ore, order.currency, i18n.resolvedLanguage);
  return (
    <div className="webshop webshop-narrow">
      <BackToSettings />
      <PageTitle>{t('orders.title')}</PageTitle>
      {orders.isError && !orders.data && (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      )}
      {orders.isPending && <Loading />}
      {list && list.length === 0 && (
        <div className="card">
          <p>{t('orders.empty')}</p>
          <Link to="/webshop">{t('orders.toShop')}</Link>
        </div>
      )}
      {list && list.length > 0 && (
        <ul className="order-list">
          {list.map((order) => (
            <li key={order.id} className="card order-item">
              <Link to={`/app/settings/orders/${encodeURIComponent(order.id)}`} className="order-link">
                {order.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}
              </Link>
              <strong className="order-total">{money(order)}</strong>
              <span className="order-meta">
                <span className="muted order-date">{formatDate(order.created_at, i18n.resolvedLanguage)}</span>{' '}
                <span className={`order-status order-status-${order.status}`}>{statusText(order, t)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {orders.hasNextPage && (
        <Button variant="secondary" onClick={() => void orders.fetchNextPage()} busy={orders.isFetchingNextPage}>
          {t('orders.more')}
        </Button>
      )}
    </div>
  );
}

/** /app/settings/orders/{orderId}: lines, VAT, status, shipments and the receipt as a PDF. Not mine: not found. */
export function OrderPage() {
  const { t } = useTranslation('webshop');
  const orderId = useParams().orderId ?? '';
  const order = useOrder(orderId);
  let body: React.ReactNode;
  if (order.data) body = <OrderDetail order={order.data} />;
  else if (order.error instanceof ApiError && order.error.status === 404) {
    body = (
      <>
        <PageTitle>{t('orders.notFoundTitle')}</PageTitle>
        <Alert tone="info">{t('orders.notFoundBody')}</Alert>
        <Link to="/app/settings/orders" className="btn btn-primary">
          {t('orders.toOrders')}
        </Link>
      </>
    );
  } else if (order.isError) body = <LoadError error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} />;
  else body = <Loading />;
  return (
    <div className="webshop webshop-narrow">
      <p className="bike-back">
        <Link to="/app/settings/orders">
          <span aria-hidden="true">← </span>
          {t('orders.toOrders')}
        </Link>
      </p>
      {body}
    </div>
  );
}

function OrderDetail({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation('webshop');
  const language = i18n.resolvedLanguage;
  const receipt = order.receipt;
  return (
    <>
      <PageTitle>{t('orders.orderTitle', { date: formatDate(order.created_at, language) })}</PageTitle>
      <dl className="webshop-facts">
        <div>
          <dt>{t('orders.state')}</dt>
          <dd>{statusText(order, t)}</dd>
        </div>
        <div>
          <dt>{t('orders.placed')}</dt>
          <dd>{formatDateTime(order.created_at, language)}</dd>
        </div>
        {order.paid_at && (
          <div>
            <dt>{t('orders.paid')}</dt>
            <dd>{formatDateTime(order.paid_at, language)}</dd>
          </div>
        )}
        {receipt && (
          <div>
            <dt>{t('orders.receipt')}</dt>
            <dd>{receipt.number}</dd>
          </div>
        )}
      </dl>
      <OrderLines order={order} caption={t('orders.lines')} />
      {order.shipments.length > 0 && (
        <section className="card" aria-labelledby="shipments-title">
          <h2 id="shipments-title">{t('orders.shipments')}</h2>
          <ul className="link-list">
            {order.shipments.map((shipment, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: shipments have no id of their own and never move
              <li key={index}>
                <strong>{t(`orders.shipment.${shipment.status}`, { defaultValue: shipment.status })}</strong>
                {shipment.shipped_at && <> · {t('orders.shippedOn', { date: formatDate(shipment.shipped_at, language) })}</>}
                {shipment.delivered_at && <> · {t('orders.deliveredOn', { date: formatDate(shipment.delivered_at, language) })}</>}
                {shipment.status === 'ordered' && <p className="muted">{t('checkout.shipping')}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {receipt ? (
        <div className="actions">
          <DownloadButton
            label={t('orders.downloadReceipt')}
            fileName={`${t('orders.receiptFile')}-${receipt.number}.pdf`}
            fetchFile={() => fetchFile(`/api/webshop/receipts/${encodeURIComponent(receipt.id)}/pdf`)}
          />
        </div>
      ) : (
        <p className="muted">
          {order.status === 'failed' || order.status === 'cancelled' ? t('orders.notCharged') : t('orders.noReceipt')}
        </p>
      )}
    </>
  );
}
