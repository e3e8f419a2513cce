import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  BackofficeOrderDetail,
  BackofficeOrderRow,
  BackofficeOrderView,
  PlateForShipment,
  ShipmentRow,
} from '../../domain/webshop/backoffice-orders';
import { isShipmentView } from '../../domain/webshop/backoffice-orders';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { BACKOFFICE_WORK_KEY } from './work-api';

// GET /backoffice/orders, /backoffice/shipments (lists), /backoffice/orders/{id}, /backoffice/shipments/{id};
// POST …/ship, …/deliver, …/refund, …/cancel (issue 14). Every change refreshes the orders and the work counts.

export interface OrdersFilter {
  view: BackofficeOrderView;
  q: string;
  sort: 'newest' | 'oldest';
  /** The page: a cursor the server gave (next_cursor, previous_cursor); empty for the first page. */
  cursor: string;
}

interface Page<T> {
  items: T[];
  total: number;
  /** More match than `total` (the server counts up to BACKOFFICE_ORDERS_COUNT_CAP). */
  total_capped: boolean;
  /** How many come before this page. */
  position: number;
  next_cursor: string | null;
  previous_cursor: string | null;
}

export interface AuditEntry {
  id: string;
  actor_email: string | null;
  action: string;
  before: unknown;
  after: unknown;
  data: unknown;
  created_at: string;
}

const ordersKey = ['backoffice', 'orders'] as const;

/** The query string of a list: the view decides which list (shipments by state, or orders by status). */
function listPath(filter: OrdersFilter): string {
  const params = new URLSearchParams({ status: filter.view });
  if (filter.q) params.set('q', filter.q);
  if (filter.cursor) params.set('cursor', filter.cursor);
  if (isShipmentView(filter.view)) return `/backoffice/shipments?${params}`;
  params.set('sort', filter.sort);
  return `/backoffice/orders?${params}`;
}

export type OrdersList = { kind: 'shipments'; page: Page<ShipmentRow> } | { kind: 'orders'; page: Page<BackofficeOrderRow> };

export function useOrdersList(filter: OrdersFilter) {
  return useQuery({
    queryKey: [...ordersKey, 'list', filter],
    queryFn: async ({ signal }): Promise<OrdersList> =>
      isShipmentView(filter.view)
        ? { kind: 'shipments', page: await api<Page<ShipmentRow>>(listPath(filter), { signal }) }
        : { kind: 'orders', page: await api<Page<BackofficeOrderRow>>(listPath(filter), { signal }) },
    placeholderData: keepPreviousData,
  });
}

export function useBackofficeOrder(orderId: string) {
  return useQuery({
    queryKey: [...ordersKey, 'order', orderId],
    queryFn: ({ signal }) => api<BackofficeOrderDetail>(`/backoffice/orders/${encodeURIComponent(orderId)}`, { signal }),
  });
}

export function useShipment(shipmentId: string) {
  return useQuery({
    queryKey: [...ordersKey, 'shipment', shipmentId],
    queryFn: ({ signal }) => api<ShipmentRow>(`/backoffice/shipments/${encodeURIComponent(shipmentId)}`, { signal }),
  });
}

export function useAuditTrail(recordType: 'order' | 'shipment', recordId: string) {
  return useQuery({
    queryKey: [...ordersKey, 'audit', recordType, recordId],
    queryFn: ({ signal }) =>
      api<AuditEntry[]>(`/backoffice/audit-log?record_type=${recordType}&record_id=${encodeURIComponent(recordId)}`, { signal }),
  });
}

/** One typed plate checked against the shipment (not cached: a plate's state changes as others ship). */
export function checkPlate(shipmentId: string, plateId: string, signal?: AbortSignal): Promise<PlateForShipment> {
  return api<PlateForShipment>(
    `/backoffice/shipments/${encodeURIComponent(shipmentId)}/plate-check?plate_id=${encodeURIComponent(plateId)}`,
    signal ? { signal } : {},
  );
}

const afterChange = () => Promise.all([refreshQueries(ordersKey), refreshQueries(BACKOFFICE_WORK_KEY)]);

export function useShip(shipmentId: string) {
  return useMutation({
    mutationFn: (plateIds: string[]) =>
      api<ShipmentRow>(`/backoffice/shipments/${encodeURIComponent(shipmentId)}/ship`, { method: 'POST', body: { plate_ids: plateIds } }),
    onSuccess: afterChange,
  });
}

export function useDeliver(shipmentId: string) {
  return useMutation({
    mutationFn: () => api<ShipmentRow>(`/backoffice/shipments/${encodeURIComponent(shipmentId)}/deliver`, { method: 'POST' }),
    onSuccess: afterChange,
  });
}

export function useOrderAction(orderId: string, action: 'refund' | 'cancel') {
  return useMutation({
    mutationFn: (reason: string) =>
      api<{ ok: true }>(`/backoffice/orders/${encodeURIComponent(orderId)}/${action}`, { method: 'POST', body: { reason } }),
    onSuccess: afterChange,
  });
}
