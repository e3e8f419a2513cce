import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { BackofficeOrderDetail } from '../../domain/webshop/backoffice-orders';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useBackofficeOrder, useOrderAction } from './orders-api';
import { AuditTrail, AuthorisationLeft, money, ReasonDialog, shipmentPath } from './orders-parts';
import { ReadOnlyNote, useCanChange } from './read-only';
import './backoffice.css';
import './orders.css';

/** /backoffice/v2/orders/{orderId}: an order's lines, amounts and VAT, receipt, payment at the provider, shipments, buyer, trail. */
export function BackofficeOrderDetailPage() {
  const { t } = useTranslation('backoffice-orders');
  const { orderId = '' } = useParams();
  const order = useBackofficeOrder(orderId);
  return (
    <div className="backoffice backoffice-wide">
      <p>
        <Link to="/backoffice/v2/orders">← {t('detail.back')}</Link>
      </p>
      {order.isPending ? (
        <Loading />
      ) : !order.data ? (
        <LoadError error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} />
      ) : (
        <OrderDetail detail={order.data} />
      )}
    </div>
  );
}

function OrderDetail({ detail }: { detail: BackofficeOrderDetail }) {
  const canChange = useCanChange();
  const { t, i18n } = useTranslation('backoffice-orders');
  const language = i18n.resolvedLanguage;
  const { order } = detail;
  const number = order.receipt?.number ?? t('detail.noNumber', { id: order.id.slice(0, 8) });
  const amount = (ore: number) => money(ore, order.currency, language);
  return (
    <>
      <PageTitle>{t('detail.title', { number })}</PageTitle>
      <p className="orders-status-line">
        <span className={`orders-status orders-status-${order.status}`}>{t(`status.${order.status}`)}</span>{' '}
        <span className="muted">{t('detail.placed', { when: formatDateTime(order.created_at, language) })}</span>
      </p>
      <div className="orders-columns">
        <section className="card" aria-labelledby="order-buyer">
          <h2 id="order-buyer">{t('detail.buyer')}</h2>
          <p>
            {detail.buyer.name ?? '—'}
            <br />
            {detail.buyer.email ?? t('detail.deletedUser')}
          </p>
        </section>
        <section className="card" aria-labelledby="order-payment">
          <h2 id="order-payment">{t('detail.payment')}</h2>
          <dl className="orders-facts">
            <dt>{t('detail.paymentState')}</dt>
            <dd>{t(`payment.${order.payment.state}`)}</dd>
            {detail.authorisation && (
              <>
                <dt>{t('detail.authorisation')}</dt>
                <dd>
                  <AuthorisationLeft authorisation={detail.authorisation} />{' '}
                  <span className="muted">{t('detail.lapsesAt', { when: formatDateTime(detail.authorisation.lapses_at, language) })}</span>
                </dd>
              </>
            )}
            <dt>{t('detail.atProvider')}</dt>
            <dd>
              {detail.provider_error
                ? t('detail.providerUnreachable')
                : detail.provider_payment
                  ? t('detail.providerState', {
                      status: t(`providerStatus.${detail.provider_payment.status}`, { defaultValue: detail.provider_payment.status }),
                      received: amount(detail.provider_payment.amount_received),
                      capturable: amount(detail.provider_payment.amount_capturable),
                    })
                  : t('detail.providerNone')}
            </dd>
            <dt>{t('detail.receipt')}</dt>
            <dd>
              {order.receipt ? `${order.receipt.number} · ${formatDateTime(order.receipt.issued_at, language)}` : t('detail.noReceipt')}
            </dd>
          </dl>
        </section>
      </div>
      {detail.authorisation?.lapsed && <Alert tone="warning">{t('detail.lapsedHelp')}</Alert>}

      <section aria-labelledby="order-lines">
        <h2 id="order-lines">{t('detail.lines')}</h2>
        <div className="orders-table-wrap">
          <table className="orders-table">
            <thead>
              <tr>
                <th scope="col">{t('detail.product')}</th>
                <th scope="col">{t('detail.quantity')}</th>
                <th scope="col">{t('detail.unitPrice')}</th>
                <th scope="col">{t('detail.vat')}</th>
                <th scope="col">{t('detail.lineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.product}>
                  <th scope="row">{line.name}</th>
                  <td>{line.quantity}</td>
                  <td className="orders-amount">{amount(line.unit_amount_ore)}</td>
                  <td className="orders-amount">
                    {amount(line.vat_amount_ore)} ({line.vat_rate_percent} %)
                  </td>
                  <td className="orders-amount">{amount(line.gross_ore)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('detail.total')}
                </th>
                <td className="orders-amount">{amount(order.vat_ore)}</td>
                <td className="orders-amount">{amount(order.gross_ore)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <section aria-labelledby="order-shipments">
        <h2 id="order-shipments">{t('detail.shipments')}</h2>
        {detail.shipments.length === 0 ? (
          <p className="muted">{t('detail.noShipments')}</p>
        ) : (
          <ul className="orders-shipments">
            {detail.shipments.map((s) => (
              <li key={s.id} className="card">
                <Link to={shipmentPath(s.id)}>{t('detail.shipmentOf', { count: s.quantity })}</Link> ·{' '}
                <span>{t(`shipmentStatus.${s.status}`)}</span>
                {s.plate_ids.length > 0 && <div className="mono">{s.plate_ids.join(', ')}</div>}
              </li>
            ))}
          </ul>
        )}
      </section>

      {canChange ? <OrderActions detail={detail} /> : <ReadOnlyNote />}

      <section aria-labelledby="order-audit">
        <h2 id="order-audit">{t('audit.title')}</h2>
        <AuditTrail recordType="order" recordId={order.id} />
      </section>
    </>
  );
}

/** Refund a taken payment, or cancel an order whose payment was only authorised (the way out of a lapsed one). */
function OrderActions({ detail }: { detail: BackofficeOrderDetail }) {
  const { t } = useTranslation('backoffice-orders');
  const [open, setOpen] = useState<'refund' | 'cancel' | null>(null);
  const [done, setDone] = useState<'refund' | 'cancel' | null>(null);
  const refund = useOrderAction(detail.order.id, 'refund');
  const cancel = useOrderAction(detail.order.id, 'cancel');
  const action = open === 'cancel' ? cancel : refund;
  if (!detail.can_refund && !detail.can_cancel && !done) return null;
  return (
    <section aria-labelledby="order-actions" className="orders-actions">
      <h2 id="order-actions">{t('detail.actions')}</h2>
      {done && <Alert tone="success">{done === 'refund' ? t('detail.refunded') : t('detail.cancelled')}</Alert>}
      {detail.can_refund && (
        <Button variant="danger" onClick={() => setOpen('refund')}>
          {t('detail.refund')}
        </Button>
      )}
      {detail.can_cancel && (
        <Button variant="danger" onClick={() => setOpen('cancel')}>
          {t('detail.cancel')}
        </Button>
      )}
      <ReasonDialog
        key={open ?? 'closed'}
        open={open !== null}
        title={open === 'cancel' ? t('detail.cancelTitle') : t('detail.refundTitle')}
        body={open === 'cancel' ? t('detail.cancelBody') : t('detail.refundBody')}
        confirmLabel={open === 'cancel' ? t('detail.cancel') : t('detail.refund')}
        busy={action.isPending}
        error={action.error}
        onCancel={() => {
          action.reset();
          setOpen(null);
        }}
        onConfirm={(reason) =>
          action.mutate(reason, {
            onSuccess: () => {
              setDone(open);
              setOpen(null);
            },
          })
        }
      />
    </section>
  );
}
