import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShipmentRow } from '../../domain/webshop/backoffice-orders';
import { readApiError } from '../lib/errors';
import { formatDateTime, numberFormat } from '../lib/intl';
import { Alert } from '../ui/alert';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { Loading } from '../ui/spinner';
import { useAuditTrail } from './orders-api';

// Parts the order pages share: amounts, the authorisation's days left, the audit trail, the reason dialog.

export const orderPath = (id: string) => `/backoffice/v2/orders/${encodeURIComponent(id)}`;
export const shipmentPath = (id: string) => `/backoffice/v2/orders/shipments/${encodeURIComponent(id)}`;

/** The text of a failed call, in the page's language (the server's §8 detail). */
export function messageOf(error: unknown, t: Parameters<typeof readApiError>[1]): string {
  const outcome = readApiError(error, t);
  return outcome.kind === 'message' ? outcome.text : t('errors:server_error');
}

export const money = (ore: number, currency: string, language: string | undefined) =>
  numberFormat(language, { style: 'currency', currency }).format(ore / 100);

/** Days left of a card authorisation; the last two days and a lapsed one stand out. */
export function AuthorisationLeft({ authorisation }: { authorisation: NonNullable<ShipmentRow['authorisation']> }) {
  const { t } = useTranslation('backoffice-orders');
  if (authorisation.lapsed) return <span className="orders-lapse orders-lapse-gone">{t('authorisation.lapsed')}</span>;
  const urgent = authorisation.days_left <= 1;
  return (
    <span className={`orders-lapse${urgent ? ' orders-lapse-urgent' : ''}`}>
      {t('authorisation.daysLeft', { count: authorisation.days_left })}
    </span>
  );
}

export function ShipmentAddress({ shipment }: { shipment: ShipmentRow }) {
  const a = shipment.address;
  return (
    <address className="orders-address">
      {a.name}
      <br />
      {a.address}
      <br />
      {a.postalCode} {a.city}
      <br />
      {a.country}
    </address>
  );
}

/** The audit log's entries about the record, newest first: who did what, and why. */
export function AuditTrail({ recordType, recordId }: { recordType: 'order' | 'shipment'; recordId: string }) {
  const { t, i18n } = useTranslation('backoffice-orders');
  const trail = useAuditTrail(recordType, recordId);
  if (trail.isPending) return <Loading />;
  if (!trail.data) return <LoadError error={trail.error} onRetry={() => void trail.refetch()} retrying={trail.isFetching} />;
  if (trail.data.length === 0) return <p className="muted">{t('audit.none')}</p>;
  return (
    <ol className="orders-audit">
      {trail.data.map((entry) => {
        const reason = (entry.data as { reason?: string } | null)?.reason;
        const plateIds = (entry.after as { plate_ids?: string[] } | null)?.plate_ids;
        return (
          <li key={entry.id}>
            <strong>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</strong>{' '}
            <span className="muted">
              {t('audit.by', { who: entry.actor_email ?? '—', when: formatDateTime(entry.created_at, i18n.resolvedLanguage) })}
            </span>
            {plateIds && plateIds.length > 0 && <div className="mono">{plateIds.join(', ')}</div>}
            {reason && <div>{t('audit.reason', { reason })}</div>}
          </li>
        );
      })}
    </ol>
  );
}

/** Asks for a reason before a refund or a cancellation; the server's answer is shown in the dialog. */
export function ReasonDialog({
  open,
  title,
  body,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['backoffice-orders', 'errors']);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (reason.trim().length < 3) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onConfirm(reason.trim());
  };
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={t('detail.keep')}
      busy={busy}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>{body}</p>
      <TextField
        label={t('detail.reason')}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        error={missing ? t('detail.reasonMissing') : undefined}
      />
      {error ? <Alert>{messageOf(error, t)}</Alert> : null}
    </ConfirmDialog>
  );
}
