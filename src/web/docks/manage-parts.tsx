import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type * as z from 'zod/mini';
import { DOCK_ACCESS, lockReportIsStale, secondsSince } from '../../domain/docks';
import type { BackofficeDockInput, DockInput, LockWithSecret, ManagedDock, ManagedLock } from '../../domain/docks-manage';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDateTime } from '../lib/intl';
import { LocationPicker } from '../maps/location-picker';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { CheckboxField, SelectField, TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { LoadError } from '../ui/load-error';
import { Loading } from '../ui/spinner';
import {
  addLock,
  changeDock,
  createDock,
  type ManageBase,
  removeLock,
  rotateLockSecret,
  useLockCommands,
  useLockEvents,
  useManagedDock,
} from './manage-api';
import './manage.css';

// Managing docks and locks (issue 16), shared by the backoffice (/backoffice/docks…) and an organisation's admin
// (/app/docks/manage…): the list of docks, the dock form with its place picked on a map, a dock's locks (add one and
// see its device secret once, rotate a secret, remove a lock) and a lock's history.

/** The docks as cards (they read on a phone as on a desktop). */
export function DockCards({ docks, linkTo, showOwner }: { docks: ManagedDock[]; linkTo: (id: string) => string; showOwner: boolean }) {
  const { t } = useTranslation('docks-manage');
  if (docks.length === 0) return <p className="muted">{t('list.none')}</p>;
  return (
    <ul className="dm-cards">
      {docks.map((dock) => (
        <li key={dock.id} className="card dm-card">
          <h3>
            <Link to={linkTo(dock.id)}>{dock.name}</Link>
          </h3>
          <p className="muted">{dock.address}</p>
          {showOwner && <p>{t('list.owner', { name: dock.organisation_name })}</p>}
          <p>
            {t('list.counts', { count: dock.lock_count, locks: dock.lock_count, free: dock.free_count })} · {t(`access.${dock.access}`)}
            {dock.published ? ` · ${t('list.published')}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

type DockValues = {
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  access: string;
  published: boolean;
  owner_party_id?: string;
};

/** The form's values as the schemas read them (a place not yet chosen is null, which they refuse). */
type DockSchema = z.ZodMiniType<unknown, DockValues>;
const loadDockSchema = () => import('../../domain/docks-manage').then((m) => m.dockInputSchema as unknown as DockSchema);
const loadBackofficeDockSchema = () =>
  import('../../domain/docks-manage').then((m) => m.backofficeDockInputSchema as unknown as DockSchema);
const loadChangeSchema = () => import('../../domain/docks-manage').then((m) => m.dockChangeSchema as unknown as DockSchema);

function useDockForm(loader: () => Promise<DockSchema>, options: { defaultValues: DockValues; draftKey: string }) {
  return useZodForm<DockSchema, DockValues>(loader, options);
}
type DockForm = ReturnType<typeof useDockForm>;

/**
 * A new dock: its name, address, place on the map, who may use it and whether the public feed lists it. Staff also
 * choose the owning organisation (`ownerField` renders that choice; its value is `owner_party_id`).
 */
export function NewDockForm({
  base,
  ownerField,
  onCreated,
  canChange = true,
}: {
  base: ManageBase;
  ownerField?: (props: { value: string; onChange: (value: string) => void; error?: string }) => ReactNode;
  onCreated: (dockId: string) => void;
  canChange?: boolean;
}) {
  const { t } = useTranslation('docks-manage');
  const draftKey = `dock-new:${base}`;
  const staff = ownerField !== undefined;
  const form = useDockForm(staff ? loadBackofficeDockSchema : loadDockSchema, {
    defaultValues: {
      name: '',
      address: '',
      latitude: null,
      longitude: null,
      access: 'members',
      published: true,
      ...(staff ? { owner_party_id: '' } : {}),
    },
    draftKey,
  });
  const submit = form.handleSubmit(async (values) => {
    const created = await createDock(base, values as DockInput | BackofficeDockInput);
    clearDraft(draftKey);
    onCreated(created.id);
  });
  return (
    <section className="card dm-section" aria-labelledby="dm-new">
      <h2 id="dm-new">{t('form.newTitle')}</h2>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!canChange} className="dm-fieldset">
          <legend className="visually-hidden">{t('form.newTitle')}</legend>
          {ownerField?.({
            value: String(form.values.owner_party_id ?? ''),
            onChange: (value) => form.setValue('owner_party_id', value),
            error: form.errors.owner_party_id,
          })}
          <DockFields form={form} />
          <div className="actions">
            <Button type="submit" busy={form.submitting}>
              {t('form.create')}
            </Button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

function DockFields({ form }: { form: DockForm }) {
  const { t } = useTranslation('docks-manage');
  const mapLabel = useId();
  const placeError = form.errors.latitude ?? form.errors.longitude;
  const point =
    typeof form.values.latitude === 'number' && typeof form.values.longitude === 'number'
      ? { latitude: form.values.latitude, longitude: form.values.longitude }
      : null;
  return (
    <>
      <div className="dm-grid">
        <TextField label={t('form.name')} autoComplete="off" required {...form.field('name')} />
        <TextField label={t('form.address')} autoComplete="street-address" required {...form.field('address')} />
        <SelectField
          label={t('form.access')}
          options={DOCK_ACCESS.map((value) => ({ value, label: t(`access.${value}`) }))}
          {...form.field('access')}
        />
      </div>
      <CheckboxField label={t('form.published')} {...form.checkbox('published')} />
      <div className={`field${placeError ? ' field-invalid' : ''}`}>
        <p className="dm-label" id={mapLabel}>
          {t('form.place')}
        </p>
        <p className="field-hint">{t('form.placeHint')}</p>
        <LocationPicker
          value={point}
          label={t('form.place')}
          invalid={Boolean(placeError)}
          onChange={(p) => {
            form.setValue('latitude', p.latitude);
            form.setValue('longitude', p.longitude);
          }}
        />
        {placeError && <p className="field-error">{t('form.placeRequired')}</p>}
      </div>
    </>
  );
}

/** The dock's page: its fields (changeable), its locks with their states and what can be done to them. */
export function DockManager({
  base,
  dockId,
  canChange,
  lockLink,
  showOwner,
}: {
  base: ManageBase;
  dockId: string;
  canChange: boolean;
  lockLink: (lockId: string) => string;
  showOwner: boolean;
}) {
  const { t } = useTranslation('docks-manage');
  const dock = useManagedDock(base, dockId);
  const [secret, setSecret] = useState<LockWithSecret | null>(null);
  if (dock.isPending) return <Loading />;
  if (dock.isError)
    return dock.error instanceof ApiError && dock.error.status === 404 ? (
      <Alert tone="warning">{t('detail.notFound')}</Alert>
    ) : (
      <LoadError error={dock.error} onRetry={() => void dock.refetch()} retrying={dock.isFetching} />
    );
  const d = dock.data;
  return (
    <>
      <p className="dm-lead">
        {d.address}
        {showOwner && (
          <>
            <br />
            {t('list.owner', { name: d.organisation_name })}
          </>
        )}
        <br />
        {t('list.counts', { count: d.lock_count, locks: d.lock_count, free: d.free_count })} · {t(`access.${d.access}`)} ·{' '}
        {d.published ? t('list.published') : t('list.notPublished')}
      </p>
      {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
      <section className="card dm-section" aria-labelledby="dm-locks">
        <h2 id="dm-locks">{t('locks.title')}</h2>
        {d.locks.length === 0 ? (
          <p className="muted">{t('locks.none')}</p>
        ) : (
          <ul className="dm-locks">
            {d.locks.map((lock) => (
              <LockRow key={lock.id} base={base} dockId={d.id} lock={lock} canChange={canChange} lockLink={lockLink} onSecret={setSecret} />
            ))}
          </ul>
        )}
        {canChange && <AddLock base={base} dockId={d.id} onAdded={setSecret} />}
      </section>
      {canChange && (
        <EditDock
          base={base}
          dockId={d.id}
          initial={{
            name: d.name,
            address: d.address,
            latitude: d.latitude,
            longitude: d.longitude,
            access: d.access,
            published: d.published,
          }}
        />
      )}
    </>
  );
}

/** The message of a failed call, for a button's own error line. */
function errorText(err: unknown, t: TFunction): string {
  const outcome = readApiError(err, t);
  return 'text' in outcome && outcome.text ? outcome.text : t('errors:server_error');
}

function stateText(t: (key: string, options?: Record<string, unknown>) => string, lock: ManagedLock): string {
  return t(`state.${lock.state}`);
}

function LastReport({ at }: { at: string | null }) {
  const { t } = useTranslation('docks-manage');
  if (!at) return <span className="muted">{t('locks.neverReported')}</span>;
  const seconds = secondsSince(new Date(at), new Date());
  const stale = lockReportIsStale(new Date(at), new Date());
  return <span className={stale ? 'dm-stale' : undefined}>{t('locks.lastReported', { count: seconds })}</span>;
}

function LockRow({
  base,
  dockId,
  lock,
  canChange,
  lockLink,
  onSecret,
}: {
  base: ManageBase;
  dockId: string;
  lock: ManagedLock;
  canChange: boolean;
  lockLink: (lockId: string) => string;
  onSecret: (secret: LockWithSecret) => void;
}) {
  const { t } = useTranslation('docks-manage');
  const { t: te } = useTranslation();
  const [asking, setAsking] = useState<'rotate' | 'remove' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async () => {
    setBusy(true);
    setError(null);
    try {
      if (asking === 'rotate') onSecret(await rotateLockSecret(base, dockId, lock.id));
      if (asking === 'remove') await removeLock(base, dockId, lock.id);
      setAsking(null);
    } catch (err) {
      setAsking(null);
      setError(errorText(err, te));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="dm-lock">
      <div className="dm-lock-main">
        <strong className="dm-lock-label">{lock.label}</strong>
        <span className={`dm-state dm-state-${lock.state}`}>{stateText(t, lock)}</span>
        <LastReport at={lock.last_reported_at} />
        {lock.holds_bike && <span>{t('locks.holdsBike')}</span>}
      </div>
      <div className="dm-lock-actions">
        <Link to={lockLink(lock.id)} className="btn btn-secondary btn-small">
          {t('locks.history')}
        </Link>
        {canChange && (
          <>
            <Button variant="secondary" className="btn-small" onClick={() => setAsking('rotate')}>
              {t('locks.rotate')}
            </Button>
            <Button variant="danger" className="btn-small" onClick={() => setAsking('remove')} disabled={lock.holds_bike}>
              {t('locks.remove')}
            </Button>
          </>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'rotate' ? t('locks.rotateTitle', { label: lock.label }) : t('locks.removeTitle', { label: lock.label })}
        confirmLabel={asking === 'rotate' ? t('locks.rotate') : t('locks.remove')}
        cancelLabel={t('cancel')}
        onConfirm={() => void act()}
        onCancel={() => setAsking(null)}
        busy={busy}
      >
        <p>{asking === 'rotate' ? t('locks.rotateBody') : t('locks.removeBody')}</p>
      </ConfirmDialog>
    </li>
  );
}

function AddLock({ base, dockId, onAdded }: { base: ManageBase; dockId: string; onAdded: (secret: LockWithSecret) => void }) {
  const { t } = useTranslation('docks-manage');
  const { t: te } = useTranslation();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) {
      setError(te('errors:field_required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      onAdded(await addLock(base, dockId, label.trim()));
      setLabel('');
    } catch (err) {
      setError(errorText(err, te));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="dm-add-lock" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={t('locks.newLabel')}
        hint={t('locks.newLabelHint')}
        name="label"
        autoComplete="off"
        maxLength={20}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={error}
      />
      <Button type="submit" busy={busy}>
        {t('locks.add')}
      </Button>
    </form>
  );
}

/** The device secret, shown this once: copy it into the lock now; it cannot be shown again. */
function SecretOnce({ secret, onDone }: { secret: LockWithSecret; onDone: () => void }) {
  const { t } = useTranslation('docks-manage');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="card dm-secret" aria-labelledby="dm-secret-title">
      <h2 id="dm-secret-title">{t('secret.title', { label: secret.lock.label })}</h2>
      <Alert tone="warning">{t('secret.warning')}</Alert>
      <dl className="dm-secret-values">
        <dt>{t('secret.lockId')}</dt>
        <dd>
          <code data-testid="lock-id">{secret.lock.id}</code>
        </dd>
        <dt>{t('secret.secret')}</dt>
        <dd>
          <code data-testid="lock-secret">{secret.secret}</code>
        </dd>
      </dl>
      <div className="actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('secret.copied') : t('secret.copy')}
        </Button>
        <Button onClick={onDone}>{t('secret.done')}</Button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {copied ? t('secret.copied') : ''}
      </p>
    </section>
  );
}

function EditDock({ base, dockId, initial }: { base: ManageBase; dockId: string; initial: DockValues }) {
  const { t } = useTranslation('docks-manage');
  const draftKey = `dock-edit:${dockId}`;
  const form = useDockForm(loadChangeSchema, {
    defaultValues: initial,
    draftKey,
  });
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    await changeDock(base, dockId, values);
    clearDraft(draftKey);
    setSaved(true);
  });
  return (
    <section className="card dm-section" aria-labelledby="dm-edit">
      <h2 id="dm-edit">{t('form.editTitle')}</h2>
      {form.formError && <Alert>{form.formError}</Alert>}
      {saved && <Alert tone="success">{t('form.saved')}</Alert>}
      <form onSubmit={submit} noValidate>
        <fieldset className="dm-fieldset">
          <legend className="visually-hidden">{t('form.editTitle')}</legend>
          <DockFields form={form} />
          <div className="actions">
            <Button type="submit" busy={form.submitting}>
              {t('form.save')}
            </Button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

/** A lock's history (newest first, paged) and its commands. */
export function LockHistory({ base, dockId, lockId }: { base: ManageBase; dockId: string; lockId: string }) {
  const { t, i18n } = useTranslation('docks-manage');
  const [offset, setOffset] = useState(0);
  const dock = useManagedDock(base, dockId);
  const events = useLockEvents(base, dockId, lockId, offset);
  const commands = useLockCommands(base, dockId, lockId);
  const lock = dock.data?.locks.find((l) => l.id === lockId);
  const when = (at: string) => formatDateTime(at, i18n.resolvedLanguage);
  if (events.isError && events.error instanceof ApiError && events.error.status === 404)
    return <Alert tone="warning">{t('history.notFound')}</Alert>;
  return (
    <>
      {lock && (
        <p className="dm-lead">
          <span className={`dm-state dm-state-${lock.state}`}>{t(`state.${lock.state}`)}</span> · <LastReport at={lock.last_reported_at} />
        </p>
      )}
      <section className="card dm-section" aria-labelledby="dm-events">
        <h2 id="dm-events">{t('history.events')}</h2>
        {events.isPending && <Loading />}
        {events.isError && <LoadError error={events.error} onRetry={() => void events.refetch()} retrying={events.isFetching} />}
        {events.data &&
          (events.data.items.length === 0 ? (
            <p className="muted">{t('history.noEvents')}</p>
          ) : (
            <ol className="dm-history">
              {events.data.items.map((event) => (
                <li key={event.id}>
                  <time dateTime={event.at}>{when(event.at)}</time>{' '}
                  <span>{i18n.exists(`docks-manage:event.${event.kind}`) ? t(`event.${event.kind}`) : event.kind}</span>
                </li>
              ))}
            </ol>
          ))}
        {events.data && events.data.total > events.data.page_size && (
          <nav className="dm-pager" aria-label={t('history.pages')}>
            <Button
              variant="secondary"
              className="btn-small"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - events.data.page_size))}
            >
              {t('history.newer')}
            </Button>
            <Button
              variant="secondary"
              className="btn-small"
              disabled={offset + events.data.page_size >= events.data.total}
              onClick={() => setOffset(offset + events.data.page_size)}
            >
              {t('history.older')}
            </Button>
          </nav>
        )}
      </section>
      <section className="card dm-section" aria-labelledby="dm-commands">
        <h2 id="dm-commands">{t('history.commands')}</h2>
        {commands.isPending && <Loading />}
        {commands.isError && <LoadError error={commands.error} onRetry={() => void commands.refetch()} retrying={commands.isFetching} />}
        {commands.data &&
          (commands.data.items.length === 0 ? (
            <p className="muted">{t('history.noCommands')}</p>
          ) : (
            <ol className="dm-history">
              {commands.data.items.map((command) => (
                <li key={command.id}>
                  <time dateTime={command.created_at}>{when(command.created_at)}</time> {t(`command.${command.kind}`)}:{' '}
                  {t(`commandStatus.${command.status}`)}
                  {command.failure ? ` (${t(`commandFailure.${command.failure}`)})` : ''}
                </li>
              ))}
            </ol>
          ))}
      </section>
    </>
  );
}
