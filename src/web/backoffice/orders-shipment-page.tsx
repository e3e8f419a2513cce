import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type ShipmentRow, typedPlateId } from '../../domain/webshop/backoffice-orders';
import { ApiError } from '../lib/api-client';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { checkPlate, useDeliver, useShip, useShipment } from './orders-api';
import { AuditTrail, AuthorisationLeft, messageOf, orderPath, ShipmentAddress } from './orders-parts';
import { ReadOnlyNote, useCanChange } from './read-only';
import './backoffice.css';
import './orders.css';

/** /backoffice/v2/orders/shipments/{shipmentId}: one envelope: where it goes, the plates typed or scanned into it, ship, delivered. */
export function BackofficeShipmentPage() {
  const { t } = useTranslation('backoffice-orders');
  const { shipmentId = '' } = useParams();
  const shipment = useShipment(shipmentId);
  return (
    <div className="backoffice backoffice-wide">
      <p>
        <Link to="/backoffice/v2/orders">← {t('detail.back')}</Link>
      </p>
      {shipment.isPending ? (
        <Loading />
      ) : !shipment.data ? (
        <LoadError error={shipment.error} onRetry={() => void shipment.refetch()} retrying={shipment.isFetching} />
      ) : (
        <Shipment shipment={shipment.data} />
      )}
    </div>
  );
}

function Shipment({ shipment }: { shipment: ShipmentRow }) {
  const canChange = useCanChange();
  const { t, i18n } = useTranslation('backoffice-orders');
  const language = i18n.resolvedLanguage;
  const title =
    shipment.kind === 'order'
      ? t('shipment.ofOrder', { number: shipment.receipt_number ?? shipment.order_id?.slice(0, 8) })
      : t('shipment.ofPolicy', { number: shipment.policy_number, insurer: shipment.insurer_name });
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <p className="orders-status-line">
        <span className={`orders-status orders-status-${shipment.status}`}>{t(`shipmentStatus.${shipment.status}`)}</span>{' '}
        {shipment.authorisation && <AuthorisationLeft authorisation={shipment.authorisation} />}
      </p>
      <div className="orders-columns">
        <section className="card" aria-labelledby="shipment-to">
          <h2 id="shipment-to">{t('shipment.sendTo')}</h2>
          <ShipmentAddress shipment={shipment} />
          <p className="muted">{shipment.buyer.email ?? t('detail.deletedUser')}</p>
        </section>
        <section className="card" aria-labelledby="shipment-what">
          <h2 id="shipment-what">{t('shipment.contents')}</h2>
          <dl className="orders-facts">
            <dt>{t('shipment.quantity')}</dt>
            <dd>{shipment.quantity}</dd>
            <dt>{t('shipment.kind')}</dt>
            <dd>{shipment.kind === 'order' ? t('shipment.kindOrder') : t('shipment.kindPolicy', { insurer: shipment.insurer_name })}</dd>
            {shipment.order_id && (
              <>
                <dt>{t('shipment.order')}</dt>
                <dd>
                  <Link to={orderPath(shipment.order_id)}>{shipment.receipt_number ?? shipment.order_id.slice(0, 8)}</Link>
                </dd>
              </>
            )}
            {shipment.shipped_at && (
              <>
                <dt>{t('shipment.shippedAt')}</dt>
                <dd>{formatDateTime(shipment.shipped_at, language)}</dd>
              </>
            )}
            {shipment.delivered_at && (
              <>
                <dt>{t('shipment.deliveredAt')}</dt>
                <dd>{formatDateTime(shipment.delivered_at, language)}</dd>
              </>
            )}
          </dl>
        </section>
      </div>
      {shipment.authorisation?.lapsed && (
        <Alert tone="warning">
          {t('detail.lapsedHelp')} {shipment.order_id && <Link to={orderPath(shipment.order_id)}>{t('shipment.toOrder')}</Link>}
        </Alert>
      )}
      {!canChange && (shipment.status === 'ordered' || shipment.status === 'shipped') && <ReadOnlyNote />}
      {canChange && shipment.status === 'ordered' && <ShipForm shipment={shipment} />}
      {shipment.status !== 'ordered' && shipment.plate_ids.length > 0 && (
        <section aria-labelledby="shipment-plates">
          <h2 id="shipment-plates">{t('shipment.plates')}</h2>
          <p className="mono">{shipment.plate_ids.join(', ')}</p>
        </section>
      )}
      {canChange && shipment.status === 'shipped' && <Deliver shipment={shipment} />}
      <section aria-labelledby="shipment-audit">
        <h2 id="shipment-audit">{t('audit.title')}</h2>
        <AuditTrail recordType={shipment.order_id ? 'order' : 'shipment'} recordId={shipment.order_id ?? shipment.id} />
      </section>
    </>
  );
}

interface TypedPlate {
  id: string;
  state: 'checking' | 'ok' | 'bad';
  message: string;
}

/** The plates of the envelope: a scanner types each ID (or its sticker's address) and Enter; each is checked at once. */
function ShipForm({ shipment }: { shipment: ShipmentRow }) {
  const { t } = useTranslation(['backoffice-orders', 'errors']);
  const [typed, setTyped] = useState('');
  const [plates, setPlates] = useState<TypedPlate[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const ship = useShip(shipment.id);
  const full = plates.length >= shipment.quantity;
  const ready = plates.length === shipment.quantity && plates.every((p) => p.state === 'ok');

  const update = (id: string, next: Partial<TypedPlate>) => setPlates((all) => all.map((p) => (p.id === id ? { ...p, ...next } : p)));

  const add = (event: FormEvent) => {
    event.preventDefault();
    const id = typedPlateId(typed);
    setTyped('');
    if (!id || full) return;
    if (plates.some((p) => p.id === id)) {
      setPlates((all) => [...all.filter((p) => p.id !== id), { id, state: 'bad', message: t('errors:plate_duplicate') }]);
      return;
    }
    setPlates((all) => [...all, { id, state: 'checking', message: '' }]);
    checkPlate(shipment.id, id).then(
      (answer) => update(id, { state: answer.ok ? 'ok' : 'bad', message: answer.message }),
      (error: unknown) => update(id, { state: 'bad', message: messageOf(error, t) }),
    );
  };

  const remove = (id: string) => {
    setPlates((all) => all.filter((p) => p.id !== id));
    ship.reset();
    input.current?.focus();
  };

  const send = () =>
    ship.mutate(
      plates.map((p) => p.id),
      {
        onError: (error) => {
          // A plate the server refuses (taken a moment ago by another envelope) is marked at its place.
          const detail = error instanceof ApiError ? (error.body as { detail?: { loc?: unknown[]; msg?: string }[] })?.detail : undefined;
          const index = Array.isArray(detail) ? detail[0]?.loc?.[2] : undefined;
          const plate = typeof index === 'number' ? plates[index] : undefined;
          if (plate) update(plate.id, { state: 'bad', message: messageOf(error, t) });
        },
      },
    );

  return (
    <section aria-labelledby="ship-title" className="card orders-ship">
      <h2 id="ship-title">{t('ship.title')}</h2>
      <p>{t('ship.lead', { count: shipment.quantity })}</p>
      <form onSubmit={add} className="orders-scan">
        <TextField
          ref={input}
          label={t('ship.plateId')}
          hint={t('ship.plateHint')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          disabled={full || ship.isPending}
          autoComplete="off"
          spellCheck={false}
          autoFocus
        />
        <Button type="submit" variant="secondary" disabled={full || ship.isPending}>
          {t('ship.add')}
        </Button>
      </form>
      <p className="muted" aria-live="polite">
        {t('ship.count', { count: plates.length, quantity: shipment.quantity })}
      </p>
      {plates.length > 0 && (
        <ul className="orders-plates" aria-label={t('ship.inEnvelope')}>
          {plates.map((p) => (
            <li key={p.id} className={`orders-plate orders-plate-${p.state}`}>
              <span className="mono">{p.id}</span>
              <span role={p.state === 'bad' ? 'alert' : undefined}>
                {p.state === 'checking' ? t('ship.checking') : p.state === 'ok' ? `✓ ${p.message}` : `✗ ${p.message}`}
              </span>
              <Button variant="link" onClick={() => remove(p.id)} disabled={ship.isPending}>
                {t('ship.remove')}
                <span className="visually-hidden"> {p.id}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {ship.error ? <Alert>{messageOf(ship.error, t)}</Alert> : null}
      <Button onClick={send} disabled={!ready} busy={ship.isPending}>
        {shipment.kind === 'order' ? t('ship.shipAndCharge', { count: shipment.quantity }) : t('ship.ship', { count: shipment.quantity })}
      </Button>
    </section>
  );
}

function Deliver({ shipment }: { shipment: ShipmentRow }) {
  const { t } = useTranslation(['backoffice-orders', 'errors']);
  const deliver = useDeliver(shipment.id);
  return (
    <section className="orders-actions" aria-label={t('shipment.deliveredTitle')}>
      {deliver.error ? <Alert>{messageOf(deliver.error, t)}</Alert> : null}
      <Button variant="secondary" onClick={() => deliver.mutate()} busy={deliver.isPending}>
        {t('shipment.markDelivered')}
      </Button>
    </section>
  );
}
