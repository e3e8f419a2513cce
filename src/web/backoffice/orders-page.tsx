import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  BACKOFFICE_ORDER_VIEWS,
  type BackofficeOrderRow,
  type BackofficeOrderView,
  isShipmentView,
  type ShipmentRow,
} from '../../domain/webshop/backoffice-orders';
import { ApiError } from '../lib/api-client';
import { formatDate, numberFormat } from '../lib/intl';
import { Button } from '../ui/button';
import { SelectField, TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { type OrdersFilter, useOrdersList } from './orders-api';
import { AuthorisationLeft, money, orderPath, shipmentPath } from './orders-parts';
import './backoffice.css';
import './orders.css';

/** The list's filter from the address (?status=&q=&sort=&cursor=): "to ship" when none is named, as the home's queue links. */
function filterOf(params: URLSearchParams): OrdersFilter {
  const status = params.get('status') ?? '';
  return {
    view: (BACKOFFICE_ORDER_VIEWS as readonly string[]).includes(status) ? (status as BackofficeOrderView) : 'to_ship',
    q: params.get('q') ?? '',
    sort: params.get('sort') === 'oldest' ? 'oldest' : 'newest',
    cursor: params.get('cursor') ?? '',
  };
}

function paramsOf(filter: OrdersFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.view !== 'to_ship') params.status = filter.view;
  if (filter.q) params.q = filter.q;
  if (filter.sort !== 'newest') params.sort = filter.sort;
  if (filter.cursor) params.cursor = filter.cursor;
  return params;
}

/** /backoffice/v2/orders: plate shipments to send (the default), sent and delivered, and the webshop's orders by status. */
export function BackofficeOrdersPage() {
  const { t } = useTranslation('backoffice-orders');
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const go = (next: OrdersFilter) => setParams(paramsOf(next));
  return (
    <div className="backoffice backoffice-wide">
      <PageTitle>{t('list.title')}</PageTitle>
      <p className="backoffice-lead">{t('list.lead')}</p>
      <Filters key={params.toString()} filter={filter} onApply={(next) => go({ ...next, cursor: '' })} />
      <Results filter={filter} onPage={(cursor) => go({ ...filter, cursor })} />
    </div>
  );
}

function Filters({ filter, onApply }: { filter: OrdersFilter; onApply: (filter: OrdersFilter) => void }) {
  const { t } = useTranslation('backoffice-orders');
  const [draft, setDraft] = useState(filter);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q.trim() });
  };
  return (
    <form className="card orders-filters" onSubmit={submit} aria-label={t('list.filters')}>
      <SelectField
        label={t('list.show')}
        value={draft.view}
        onChange={(e) => onApply({ ...draft, view: e.target.value as BackofficeOrderView })}
        options={BACKOFFICE_ORDER_VIEWS.map((v) => ({ value: v, label: t(`view.${v}`) }))}
      />
      <TextField
        label={t('list.search')}
        type="search"
        maxLength={254}
        hint={t('list.searchHint')}
        value={draft.q}
        onChange={(e) => setDraft({ ...draft, q: e.target.value })}
      />
      {!isShipmentView(draft.view) && (
        <SelectField
          label={t('list.sort')}
          value={draft.sort}
          onChange={(e) => onApply({ ...draft, sort: e.target.value === 'oldest' ? 'oldest' : 'newest' })}
          options={[
            { value: 'newest', label: t('list.newest') },
            { value: 'oldest', label: t('list.oldest') },
          ]}
        />
      )}
      <Button type="submit">{t('list.apply')}</Button>
    </form>
  );
}

function Results({ filter, onPage }: { filter: OrdersFilter; onPage: (cursor: string) => void }) {
  const { t, i18n } = useTranslation('backoffice-orders');
  const list = useOrdersList(filter);
  if (list.isPending) return <Loading />;
  if (!list.data) {
    // A page's address that no longer leads anywhere (altered, or of another list): back to the first page.
    if (filter.cursor && list.error instanceof ApiError && list.error.status === 400) {
      return <LoadError error={list.error} onRetry={() => onPage('')} retrying={list.isFetching} />;
    }
    return <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }
  const { page } = list.data;
  if (page.items.length === 0) return <p>{filter.view === 'to_ship' && !filter.q ? t('list.nothingToShip') : t('list.empty')}</p>;
  return (
    <section aria-label={t('list.results')} aria-busy={list.isFetching}>
      {/* On a phone the table scrolls sideways within the page, not the page itself. */}
      <div className="orders-table-wrap">
        {list.data.kind === 'shipments' ? (
          <ShipmentsTable items={list.data.page.items} toShip={filter.view === 'to_ship'} />
        ) : (
          <OrdersTable items={list.data.page.items} />
        )}
      </div>
      <nav className="orders-pager" aria-label={t('list.pages')}>
        <span className="muted">
          {t(page.total_capped ? 'list.shownMore' : 'list.shown', {
            from: page.position + 1,
            to: page.position + page.items.length,
            total: numberFormat(i18n.resolvedLanguage, {}).format(page.total),
          })}
        </span>
        {page.previous_cursor !== null && (
          <Button variant="secondary" className="btn-small" onClick={() => onPage(page.previous_cursor ?? '')}>
            {t('list.previous')}
          </Button>
        )}
        {page.next_cursor !== null && (
          <Button variant="secondary" className="btn-small" onClick={() => onPage(page.next_cursor ?? '')}>
            {t('list.next')}
          </Button>
        )}
      </nav>
    </section>
  );
}

function ShipmentsTable({ items, toShip }: { items: ShipmentRow[]; toShip: boolean }) {
  const { t, i18n } = useTranslation('backoffice-orders');
  const language = i18n.resolvedLanguage;
  return (
    <table className="orders-table">
      <thead>
        <tr>
          <th scope="col">{t('table.what')}</th>
          <th scope="col">{t('table.buyer')}</th>
          <th scope="col">{t('table.plates')}</th>
          <th scope="col">{toShip ? t('table.authorisation') : t('table.shipped')}</th>
          <th scope="col">{t('table.ordered')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((s) => (
          <tr key={s.id}>
            <th scope="row">
              <Link to={shipmentPath(s.id)}>
                {s.kind === 'order'
                  ? t('shipment.ofOrder', { number: s.receipt_number ?? s.order_id?.slice(0, 8) })
                  : t('shipment.ofPolicy', { number: s.policy_number, insurer: s.insurer_name })}
              </Link>
            </th>
            <td>
              {s.buyer.name ?? '—'}
              <br />
              <span className="muted">{s.buyer.email ?? t('detail.deletedUser')}</span>
            </td>
            <td>{s.quantity}</td>
            <td>
              {toShip ? (
                s.authorisation ? (
                  <AuthorisationLeft authorisation={s.authorisation} />
                ) : (
                  <span className="muted">{t('shipment.noPayment')}</span>
                )
              ) : (
                formatDate(s.shipped_at, language, 'medium')
              )}
            </td>
            <td>{formatDate(s.created_at, language, 'medium')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OrdersTable({ items }: { items: BackofficeOrderRow[] }) {
  const { t, i18n } = useTranslation('backoffice-orders');
  const language = i18n.resolvedLanguage;
  return (
    <table className="orders-table">
      <thead>
        <tr>
          <th scope="col">{t('table.order')}</th>
          <th scope="col">{t('table.buyer')}</th>
          <th scope="col">{t('table.status')}</th>
          <th scope="col">{t('table.amount')}</th>
          <th scope="col">{t('table.plates')}</th>
          <th scope="col">{t('table.ordered')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((o) => (
          <tr key={o.id}>
            <th scope="row">
              <Link to={orderPath(o.id)}>{o.receipt_number ?? t('detail.noNumber', { id: o.id.slice(0, 8) })}</Link>
            </th>
            <td>
              {o.buyer.name ?? '—'}
              <br />
              <span className="muted">{o.buyer.email ?? t('detail.deletedUser')}</span>
            </td>
            <td>
              {t(`status.${o.status}`)}
              {o.shipments_waiting > 0 && <span className="orders-badge">{t('list.waiting')}</span>}
            </td>
            <td className="orders-amount">{money(o.gross_ore, o.currency, language)}</td>
            <td>{o.plates}</td>
            <td>{formatDate(o.created_at, language, 'medium')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
