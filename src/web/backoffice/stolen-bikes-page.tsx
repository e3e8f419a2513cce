import { type ComponentType, type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HIDE_REASON_MAX, STOLEN_REVIEW_STATES, type StolenReviewItem, type StolenReviewState } from '../../domain/stolen-review';
import { readApiError } from '../lib/errors';
import { formatDate, formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { SelectField, TextAreaField, TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { ReadOnlyNote, useCanChange } from './read-only';
import { type StolenReviewDecision, type StolenReviewFilters, useDecideStolenReport, useStolenReports } from './stolen-bikes-api';
import './backoffice.css';
import './stolen-bikes.css';

// Leaflet comes only with a map someone opens.
const PlaceMap = lazy(() => import('../maps/location-picker').then((m) => ({ default: m.PlaceMap as ComponentType<PlaceMapProps> })));
type PlaceMapProps = { latitude: number; longitude: number; radiusMeters?: number; label: string };

const POSTAL = /^\d{4}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters kept in the page's address, so a filtered queue can be linked and reloaded; anything malformed is left out. */
function filtersOf(params: URLSearchParams): StolenReviewFilters {
  const get = (key: string, pattern?: RegExp) => {
    const value = params.get(key)?.trim();
    return value && (!pattern || pattern.test(value)) ? value : undefined;
  };
  const state = get('state');
  const region = get('region');
  return {
    state: (STOLEN_REVIEW_STATES as readonly string[]).includes(state ?? '') ? (state as StolenReviewState) : undefined,
    from: get('from', DATE),
    to: get('to', DATE),
    region: region === 'dk' || region === 'no' ? region : undefined,
    postal_from: get('postal_from', POSTAL),
    postal_to: get('postal_to', POSTAL),
    q: get('q'),
  };
}

const nameOf = (item: StolenReviewItem, unnamed: string) =>
  [item.bike?.brand_name, item.bike?.model].filter(Boolean).join(' ') || item.frame_number || unnamed;

/**
 * /backoffice/v2/stolen-bikes: new stolen reports wait here before the public map shows them. Staff approve each,
 * hide it with a reason, or merge a duplicate into the report kept; filtered and paged on the server.
 */
export function StolenBikesPage() {
  const { t } = useTranslation('backoffice-stolen');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const canChange = useCanChange();
  const [dialog, setDialog] = useState<{ kind: 'hide' | 'merge'; item: StolenReviewItem } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  // The outcome of a decision takes the focus, so a keyboard user hears it and goes on from there.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  return (
    <div className="backoffice backoffice-wide">
      <PageTitle>{t('title')}</PageTitle>
      <p className="backoffice-lead">{t('lead')}</p>
      {!canChange && <ReadOnlyNote />}
      <Filters
        key={params.toString()}
        filters={filters}
        onApply={(next) => {
          setDone(null);
          setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>);
        }}
      />
      <div ref={doneRef} tabIndex={-1} className="stolen-review-outcome">
        {done && <Alert tone="success">{done}</Alert>}
      </div>
      <ReportList filters={filters} onDone={setDone} onDialog={(kind, item) => setDialog({ kind, item })} />
      {dialog?.kind === 'hide' && (
        <HideDialog
          item={dialog.item}
          onClose={(message) => {
            setDialog(null);
            if (message) setDone(message);
          }}
        />
      )}
      {dialog?.kind === 'merge' && (
        <MergeDialog
          item={dialog.item}
          onClose={(message) => {
            setDialog(null);
            if (message) setDone(message);
          }}
        />
      )}
    </div>
  );
}

function Filters({ filters, onApply }: { filters: StolenReviewFilters; onApply: (filters: StolenReviewFilters) => void }) {
  const { t } = useTranslation('backoffice-stolen');
  const [draft, setDraft] = useState(filters);
  const [postalError, setPostalError] = useState<'from' | 'to' | null>(null);
  const set = (patch: StolenReviewFilters) => setDraft({ ...draft, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const from = draft.postal_from?.trim() || undefined;
    const to = draft.postal_to?.trim() || undefined;
    if (from && !POSTAL.test(from)) return setPostalError('from');
    if (to && !POSTAL.test(to)) return setPostalError('to');
    setPostalError(null);
    onApply({ ...draft, postal_from: from, postal_to: to, q: draft.q?.trim() || undefined });
  };
  return (
    <form className="card stolen-review-filters" onSubmit={submit} aria-label={t('filters.label')} noValidate>
      <SelectField
        label={t('filters.state')}
        value={draft.state ?? ''}
        onChange={(e) => set({ state: (e.target.value || undefined) as StolenReviewState | undefined })}
        options={[{ value: '', label: t('filters.anyState') }, ...STOLEN_REVIEW_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))]}
      />
      <TextField
        label={t('filters.from')}
        type="date"
        value={draft.from ?? ''}
        onChange={(e) => set({ from: e.target.value || undefined })}
      />
      <TextField label={t('filters.to')} type="date" value={draft.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
      <SelectField
        label={t('filters.region')}
        value={draft.region ?? ''}
        onChange={(e) => set({ region: (e.target.value || undefined) as 'dk' | 'no' | undefined })}
        options={[
          { value: '', label: t('filters.anyRegion') },
          { value: 'dk', label: t('region.dk') },
          { value: 'no', label: t('region.no') },
        ]}
      />
      <TextField
        label={t('filters.postalFrom')}
        inputMode="numeric"
        maxLength={4}
        value={draft.postal_from ?? ''}
        onChange={(e) => set({ postal_from: e.target.value })}
        error={postalError === 'from' ? t('errors:zip_invalid') : undefined}
      />
      <TextField
        label={t('filters.postalTo')}
        inputMode="numeric"
        maxLength={4}
        value={draft.postal_to ?? ''}
        onChange={(e) => set({ postal_to: e.target.value })}
        error={postalError === 'to' ? t('errors:zip_invalid') : undefined}
      />
      <TextField
        label={t('filters.frameNumber')}
        type="search"
        maxLength={100}
        value={draft.q ?? ''}
        onChange={(e) => set({ q: e.target.value })}
      />
      <div className="stolen-review-filter-actions">
        <Button type="submit">{t('filters.apply')}</Button>
        <Button type="button" variant="secondary" onClick={() => onApply({})}>
          {t('filters.clear')}
        </Button>
      </div>
    </form>
  );
}

function ReportList({
  filters,
  onDone,
  onDialog,
}: {
  filters: StolenReviewFilters;
  onDone: (message: string) => void;
  onDialog: (kind: 'hide' | 'merge', item: StolenReviewItem) => void;
}) {
  const { t } = useTranslation('backoffice-stolen');
  const reports = useStolenReports(filters);
  if (reports.isPending) return <Loading />;
  if (!reports.data) return <LoadError error={reports.error} onRetry={() => void reports.refetch()} retrying={reports.isFetching} />;
  const items = reports.data.pages.flatMap((page) => page.items);
  const total = reports.data.pages.at(-1)?.total ?? items.length;
  return (
    <section aria-label={t('listLabel')}>
      {items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          <p className="muted">{t('shown', { shown: items.length, total })}</p>
          <ul className="stolen-review-list">
            {items.map((item) => (
              <ReportCard key={item.id} item={item} onDone={onDone} onDialog={onDialog} />
            ))}
          </ul>
        </>
      )}
      {reports.isFetchNextPageError && <Alert>{t('moreFailed')}</Alert>}
      {reports.hasNextPage && (
        <Button variant="secondary" onClick={() => void reports.fetchNextPage()} busy={reports.isFetchingNextPage}>
          {t('more')}
        </Button>
      )}
    </section>
  );
}

function ReportCard({
  item,
  onDone,
  onDialog,
}: {
  item: StolenReviewItem;
  onDone: (message: string) => void;
  onDialog: (kind: 'hide' | 'merge', item: StolenReviewItem) => void;
}) {
  const { t, i18n } = useTranslation(['backoffice-stolen', 'bike-terms']);
  const language = i18n.resolvedLanguage;
  const decide = useDecideStolenReport();
  const canChange = useCanChange();
  const [showMap, setShowMap] = useState(false);
  const headingId = useId();
  const name = nameOf(item, t('bike-terms:unnamed'));
  const failure = decide.isError ? readApiError(decide.error, t) : null;
  const state = item.review_state;
  const keptReport = item.duplicates.find((d) => d.id === item.merged_into_report_id);
  // Not mutate's own onSuccess: the refreshed list may drop this card (a filter on waiting ones) before it would run.
  const approve = () =>
    decide.mutateAsync({ id: item.id, decision: { action: 'approve' } }).then(
      () => onDone(t('done.approve', { name })),
      () => undefined, // shown from decide.error
    );
  return (
    <li className={`card stolen-review-item stolen-review-${state}`} aria-labelledby={headingId}>
      <header className="stolen-review-head">
        <h2 id={headingId} className="stolen-review-name">
          {name}
        </h2>
        <span className={`stolen-review-state stolen-review-state-${state}`}>{t(`state.${state}`)}</span>
      </header>
      <div className="stolen-review-body">
        <div className="stolen-review-pictures">
          {item.pictures.length === 0 ? (
            <p className="muted">{t('noPictures')}</p>
          ) : (
            item.pictures.map((picture) => (
              <a key={picture.id} href={picture.url} target="_blank" rel="noopener">
                <img src={picture.thumbnail_url} alt={t('pictureAlt', { kind: t(`bike-terms:picture.${picture.kind}`), name })} />
              </a>
            ))
          )}
        </div>
        <dl className="stolen-review-facts">
          <Fact label={t('fact.frameNumber')}>
            <code className="stolen-review-frame">{item.frame_number}</code>
            {item.bike?.frame_number && item.bike.frame_number !== item.frame_number && (
              <span className="muted"> {t('fact.registeredAs', { frameNumber: item.bike.frame_number })}</span>
            )}
          </Fact>
          <Fact label={t('fact.bike')}>
            {[
              t(`bike-terms:color.${item.color_id}`, { defaultValue: item.color_id }),
              t(`bike-terms:category.${item.category_id}`, { defaultValue: item.category_id }),
              item.is_electric ? t('bike-terms:electric') : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Fact>
          <Fact label={t('fact.reported')}>{formatDateTime(item.created_at, language)}</Fact>
          <Fact label={t('fact.stolen')}>{formatDateTime(item.stolen_at, language)}</Fact>
          <Fact label={t('fact.place')}>
            {item.place}
            <span className="muted"> ({[item.postal_code, t(`region.${item.region}`)].filter(Boolean).join(', ')})</span>
          </Fact>
          <Fact label={t('fact.owner')}>
            {item.owner_name} · {item.owner_email}
          </Fact>
          <Fact label={t('fact.culprit')}>{item.culprit_info || '—'}</Fact>
          <Fact label={t('fact.witnesses')}>{item.witnesses || '—'}</Fact>
          {item.reviewed_at && (
            <Fact label={t('fact.reviewed')}>
              {t('fact.reviewedBy', { date: formatDateTime(item.reviewed_at, language), email: item.reviewed_by_email ?? '—' })}
            </Fact>
          )}
          {item.review_reason && <Fact label={t('fact.reason')}>{item.review_reason}</Fact>}
          {keptReport && (
            <Fact label={t('fact.mergedInto')}>
              <code>{keptReport.frame_number}</code> ·{' '}
              {[keptReport.brand, keptReport.model].filter(Boolean).join(' ') || t('bike-terms:unnamed')} · {keptReport.place}
            </Fact>
          )}
        </dl>
      </div>
      <div className="stolen-review-map">
        <Button
          variant="secondary"
          className="btn-small"
          aria-expanded={showMap}
          onClick={() => setShowMap((shown) => !shown)}
          aria-label={t(showMap ? 'map.hideFor' : 'map.showFor', { name })}
        >
          {t(showMap ? 'map.hide' : 'map.show')}
        </Button>
        {showMap && (
          <Suspense fallback={<Loading />}>
            <PlaceMap latitude={item.latitude} longitude={item.longitude} radiusMeters={0} label={t('map.label', { place: item.place })} />
          </Suspense>
        )}
      </div>
      {item.duplicates.length > 0 && (
        <section className="stolen-review-duplicates" aria-label={t('duplicates.label', { name })}>
          <h3>{t('duplicates.title', { count: item.duplicates.length })}</h3>
          <ul>
            {item.duplicates.map((d) => (
              <li key={d.id}>
                <code>{d.frame_number}</code> · {[d.brand, d.model].filter(Boolean).join(' ') || t('bike-terms:unnamed')} · {d.place} ·{' '}
                {t(`state.${d.review_state}`)} · {t('duplicates.reported', { date: formatDate(d.created_at, language, 'medium') })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
      {canChange && state !== 'merged' && (
        <div className="stolen-review-actions">
          {(state === 'new' || state === 'hidden') && (
            <Button onClick={approve} busy={decide.isPending} aria-label={t('action.approveFor', { name })}>
              {t('action.approve')}
            </Button>
          )}
          {(state === 'new' || state === 'approved') && (
            <Button variant="danger" onClick={() => onDialog('hide', item)} aria-label={t('action.hideFor', { name })}>
              {t('action.hide')}
            </Button>
          )}
          {item.duplicates.length > 0 && (
            <Button variant="secondary" onClick={() => onDialog('merge', item)} aria-label={t('action.mergeFor', { name })}>
              {t('action.merge')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Decides one report from a dialog; answers the outcome's message, or null while it is not done. */
function useDecision(item: StolenReviewItem, onClose: (message?: string) => void) {
  const { t } = useTranslation('backoffice-stolen');
  const decide = useDecideStolenReport();
  const name = nameOf(item, t('bike-terms:unnamed'));
  const failure = decide.isError ? readApiError(decide.error, t) : null;
  const run = (decision: StolenReviewDecision) =>
    decide.mutateAsync({ id: item.id, decision }).then(
      () => onClose(t(`done.${decision.action}`, { name })),
      () => undefined, // shown from decide.error
    );
  return { run, busy: decide.isPending, failure: failure?.kind === 'message' ? failure.text : null, name };
}

function HideDialog({ item, onClose }: { item: StolenReviewItem; onClose: (message?: string) => void }) {
  const { t } = useTranslation('backoffice-stolen');
  const { run, busy, failure, name } = useDecision(item, onClose);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldId = useId();
  const submit = () => {
    if (!reason.trim()) return setMissing(true);
    run({ action: 'hide', reason: reason.trim() });
  };
  const error = missing && !reason.trim() ? t('errors:field_required') : failure;
  return (
    <ConfirmDialog
      open
      title={t('hide.title', { name })}
      confirmLabel={t('hide.confirm')}
      cancelLabel={t('cancel')}
      busy={busy}
      onConfirm={submit}
      onCancel={() => onClose()}
    >
      <p>{t('hide.body')}</p>
      <TextAreaField
        label={t('hide.reason')}
        id={fieldId}
        rows={3}
        maxLength={HIDE_REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error ?? undefined}
      />
    </ConfirmDialog>
  );
}

function MergeDialog({ item, onClose }: { item: StolenReviewItem; onClose: (message?: string) => void }) {
  const { t, i18n } = useTranslation('backoffice-stolen');
  const { run, busy, failure, name } = useDecision(item, onClose);
  const [into, setInto] = useState(item.duplicates.length === 1 ? (item.duplicates[0]?.id ?? '') : '');
  const [missing, setMissing] = useState(false);
  const legendId = useId();
  const submit = () => {
    if (!into) return setMissing(true);
    run({ action: 'merge', into_report_id: into });
  };
  const error = missing && !into ? t('merge.choose') : failure;
  return (
    <ConfirmDialog
      open
      tone="primary"
      title={t('merge.title', { name })}
      confirmLabel={t('merge.confirm')}
      cancelLabel={t('cancel')}
      busy={busy}
      onConfirm={submit}
      onCancel={() => onClose()}
    >
      <p>{t('merge.body')}</p>
      <fieldset className="stolen-merge-choices" aria-describedby={error ? `${legendId}-error` : undefined}>
        <legend id={legendId}>{t('merge.into')}</legend>
        {item.duplicates.map((d) => (
          <label key={d.id} className="stolen-merge-choice">
            <input type="radio" name="merge-into" value={d.id} checked={into === d.id} onChange={() => setInto(d.id)} />
            <span>
              <code>{d.frame_number}</code> · {[d.brand, d.model].filter(Boolean).join(' ') || '—'} · {d.place} ·{' '}
              {t(`state.${d.review_state}`)} ·{' '}
              {t('duplicates.reported', { date: formatDate(d.created_at, i18n.resolvedLanguage, 'medium') })}
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="field-error" id={`${legendId}-error`}>
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
