import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { OrderView } from '../../domain/webshop/orders';
import { invalidateBikes, useCreditsOverview } from '../bikes/bikes-api';
import { ApiError } from '../lib/api-client';
import { formatDate } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { retryPath } from './families';
import { useNafTheme } from './naf-theme';
import { OrderLines } from './quote-table';
import { ORDER_POLLING_MS, useGiveUpOrder, useOrder } from './webshop-api';
import './webshop.css';

// The pages the payment provider sends the buyer back to (§2, §4). The provider tells the server by webhook, which
// may come after the buyer: the waiting page asks for the order every 2.5 s and turns to done by itself.

type Kind = 'order' | 'subscription' | 'organisation';

/** /purchase-complete-redirect?order_id=… */
export function PurchaseCompletePage() {
  return <PaymentWaiting kind="order" />;
}

/** /purchase-subscription-redirect?order_id=… */
export function PurchaseSubscriptionPage() {
  return <PaymentWaiting kind="subscription" />;
}

/** /organisation-payment-complete-redirect?order_id=… */
export function OrganisationPaymentCompletePage() {
  return <PaymentWaiting kind="organisation" />;
}

function PaymentWaiting({ kind }: { kind: Kind }) {
  const { t } = useTranslation('webshop');
  const orderId = useSearchParams()[0].get('order_id') ?? '';
  const order = useOrder(orderId, { poll: true });
  const data = order.data;
  const confirmed = data?.status === 'paid';
  useNafTheme(data?.family === 'naf');

  // The purchase gave credits or a subscription: the pages that show them ask again.
  useEffect(() => {
    if (confirmed) void invalidateBikes();
  }, [confirmed]);

  let body: React.ReactNode;
  if (!orderId || (order.error instanceof ApiError && order.error.status === 404)) {
    body = <OrderMissing />;
  } else if (!data) {
    body = order.isError ? <LoadError error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} /> : <Loading />;
  } else if (confirmed) {
    body = <PaymentDone order={data} kind={kind} />;
  } else if (data.status === 'pending') {
    body = (
      <>
        <PageTitle>{t('waiting.title')}</PageTitle>
        <div className="waiting card" role="status">
          <span className="spinner spinner-normal" aria-hidden="true" />
          <p>{t('waiting.body')}</p>
        </div>
        <p className="muted">{t('waiting.auto')}</p>
        <div className="actions">
          <Button variant="secondary" onClick={() => void order.refetch()} busy={order.isFetching}>
            {t('waiting.reload')}
          </Button>
          <Link to="/app" className="btn btn-primary">
            {t('result.toApp')}
          </Link>
        </div>
      </>
    );
  } else {
    body = <PaymentNotCompleted order={data} />;
  }
  return <div className="webshop webshop-narrow">{body}</div>;
}

function OrderMissing() {
  const { t } = useTranslation('webshop');
  return (
    <>
      <PageTitle>{t('result.missingTitle')}</PageTitle>
      <Alert tone="info">{t('result.missingBody')}</Alert>
      <div className="actions">
        <Link to="/app/settings/orders" className="btn btn-secondary">
          {t('result.toOrders')}
        </Link>
        <Link to="/app" className="btn btn-primary">
          {t('result.toApp')}
        </Link>
      </div>
    </>
  );
}

function PaymentDone({ order, kind }: { order: OrderView; kind: Kind }) {
  const { t } = useTranslation('webshop');
  const plates = order.lines.some((line) => line.product === 'extra_plate');
  const registration = order.lines.some((line) => line.product === 'registration');
  return (
    <>
      <PageTitle>{t('done.title')}</PageTitle>
      <Alert tone="success" title={t('done.confirmed')}>
        {order.receipt ? t('done.receipt', { number: order.receipt.number }) : t('done.receiptComing')}
      </Alert>
      <OrderLines order={order} caption={t('done.bought')} />
      {kind !== 'order' || order.kind === 'subscription' ? (
        <SubscriptionNext organisation={kind === 'organisation'} />
      ) : (
        <section className="card" aria-labelledby="next-title">
          <h2 id="next-title">{t('done.nextTitle')}</h2>
          {plates && <p>{t('done.platesOnTheWay')}</p>}
          {registration && <p>{order.bike_id ? t('done.bikeRegistered') : t('done.registerNext')}</p>}
          <div className="actions">
            {registration && !order.bike_id && (
              <Link to="/app/bikes/register" className="btn btn-primary">
                {t('done.registerBike')}
              </Link>
            )}
            {order.bike_id && (
              <Link to={`/app/my-bikes/${encodeURIComponent(order.bike_id)}`} className="btn btn-primary">
                {t('done.toBike')}
              </Link>
            )}
            <Link to={`/app/settings/orders/${encodeURIComponent(order.id)}`} className="btn btn-secondary">
              {t('done.seeOrder')}
            </Link>
          </div>
        </section>
      )}
    </>
  );
}

/** A subscription's plan and period as the credits overview tells them (the subscription follows the payment). */
function SubscriptionNext({ organisation }: { organisation: boolean }) {
  const { t, i18n } = useTranslation(['webshop', 'bike']);
  const overview = useCreditsOverview();
  const subscription = overview.data?.subscription;
  const { refetch } = overview;
  // The subscription is written from the provider's own event, which may follow the payment's: ask until it is there.
  useEffect(() => {
    if (subscription?.active) return;
    const timer = setInterval(() => void refetch(), ORDER_POLLING_MS);
    return () => clearInterval(timer);
  }, [subscription?.active, refetch]);
  return (
    <section className="card" aria-labelledby="next-title">
      <h2 id="next-title">{t('done.subscriptionTitle')}</h2>
      {subscription?.active ? (
        <dl className="webshop-facts">
          <div>
            <dt>{t('status.plan')}</dt>
            <dd>{t(`plans.${subscription.plan_type}`)}</dd>
          </div>
          <div>
            <dt>{t('status.periodEnd')}</dt>
            <dd>{formatDate(subscription.current_period_end, i18n.resolvedLanguage)}</dd>
          </div>
          <div>
            <dt>{t('status.bikes')}</dt>
            <dd>
              {t('status.bikesUsed', {
                used: subscription.bikes_used,
                limit: subscription.bikes_limit,
                count: subscription.bikes_remaining,
              })}
            </dd>
          </div>
        </dl>
      ) : (
        <p>{t('done.subscriptionComing')}</p>
      )}
      <div className="actions">
        <Link to={organisation ? '/app/organisations/integrate-stripe' : '/app/bikes/register'} className="btn btn-primary">
          {organisation ? t('done.toPlan') : t('done.registerBike')}
        </Link>
        <Link to="/app" className="btn btn-secondary">
          {t('result.toApp')}
        </Link>
      </div>
    </section>
  );
}

/** Failed, cancelled or refunded: nothing (more) is charged. */
function PaymentNotCompleted({ order }: { order: OrderView }) {
  const { t } = useTranslation('webshop');
  return (
    <>
      <PageTitle>{t('failed.title')}</PageTitle>
      <Alert tone="warning" title={t('failed.nothingCharged')}>
        {t(`failed.why.${order.status === 'pending' ? 'pending' : order.status}`)}
      </Alert>
      <div className="actions">
        <Link to={retryPath(order)} className="btn btn-primary">
          {t('failed.tryAgain')}
        </Link>
        <Link to="/app" className="btn btn-secondary">
          {t('result.toApp')}
        </Link>
      </div>
    </>
  );
}

/** /purchase-failed?order_id=…: declined or cancelled at the provider; nothing was charged (a paid order says so). */
export function PurchaseFailedPage() {
  const orderId = useSearchParams()[0].get('order_id') ?? '';
  const order = useGiveUpOrder(orderId);
  const data = order.data;
  useNafTheme(data?.family === 'naf');
  let body: React.ReactNode;
  if (!orderId || (order.error instanceof ApiError && order.error.status === 404)) body = <OrderMissing />;
  else if (!data)
    body = order.isError ? <LoadError error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} /> : <Loading />;
  else if (data.status === 'paid') body = <PaymentDone order={data} kind={data.kind === 'subscription' ? 'subscription' : 'order'} />;
  else body = <PaymentNotCompleted order={data} />;
  return <div className="webshop webshop-narrow">{body}</div>;
}
