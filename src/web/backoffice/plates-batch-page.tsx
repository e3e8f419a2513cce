import { type FormEvent, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PLATE_STATES, type PlateBatch, type PlateState } from '../../domain/plates';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { DownloadButton } from '../ui/download-button';
import { SelectField, TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { fetchPrintSheet, type PlateFilters, useAssignRange, useBatch, useOrganisations, usePlates } from './plates-api';
import { platePath, StateBadge } from './plates-parts';
import { ReadOnlyNote, useCanChange } from './read-only';
import './backoffice.css';
import './plates.css';

/** The filters kept in the page's address (?state=&q=), so a filtered list can be linked and reloaded. */
function filtersOf(params: URLSearchParams): PlateFilters {
  const state = params.get('state');
  return {
    state: (PLATE_STATES as readonly string[]).includes(state ?? '') ? (state as PlateState) : undefined,
    q: params.get('q') || undefined,
  };
}

/** /backoffice/plates/batches/{batchId}: a batch's counts, its print sheet, giving a range away, and its plates. */
export function PlateBatchPage() {
  const { t } = useTranslation('backoffice-plates');
  const { batchId = '' } = useParams();
  const batch = useBatch(batchId);
  const canChange = useCanChange();
  return (
    <div className="backoffice backoffice-wide plates-page">
      <p>
        <Link to="/backoffice/plates">← {t('batch.back')}</Link>
      </p>
      {batch.isPending ? (
        <Loading />
      ) : batch.error instanceof ApiError && (batch.error.status === 404 || batch.error.status === 422) ? (
        <Alert>{t('batch.notFound')}</Alert>
      ) : batch.isError ? (
        <LoadError error={batch.error} onRetry={() => void batch.refetch()} retrying={batch.isFetching} />
      ) : (
        <>
          <PageTitle>{batch.data.name}</PageTitle>
          <div className="plates-columns">
            <Summary batch={batch.data} />
            {canChange ? (
              <section className="card" aria-labelledby="assign-title">
                <h2 id="assign-title">{t('assign.title')}</h2>
                <p className="muted">{t('assign.lead')}</p>
                <AssignRange batchId={batch.data.id} />
              </section>
            ) : (
              <ReadOnlyNote />
            )}
          </div>
          <BatchPlates batchId={batch.data.id} />
        </>
      )}
    </div>
  );
}

function Summary({ batch }: { batch: PlateBatch }) {
  const { t, i18n } = useTranslation('backoffice-plates');
  return (
    <section className="card" aria-label={batch.name}>
      <dl className="plate-facts">
        <dt>{t('batches.kind')}</dt>
        <dd>{t(`kind.${batch.kind}`)}</dd>
        {batch.insurer && (
          <>
            <dt>{t('batch.insurer')}</dt>
            <dd>{batch.insurer.name}</dd>
          </>
        )}
        <dt>{t('batch.created')}</dt>
        <dd>{formatDateTime(batch.created_at, i18n.resolvedLanguage)}</dd>
        <dt>{t('batch.range')}</dt>
        <dd className="plate-id">{batch.first_id && batch.last_id ? `${batch.first_id} – ${batch.last_id}` : '–'}</dd>
        <dt>{t('batch.total')}</dt>
        <dd>{batch.counts.total}</dd>
        {PLATE_STATES.map((state) => (
          <div key={state} className="plate-facts-row">
            <dt>
              <StateBadge state={state} />
            </dt>
            <dd>{batch.counts[state]}</dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <DownloadButton
          variant="primary"
          label={t('batch.printSheet')}
          fileName={`plates-${batch.name.replace(/[^\w-]+/g, '-')}.pdf`}
          fetchFile={() => fetchPrintSheet(batch.id)}
          note={<p className="muted">{t('batch.printNote')}</p>}
        />
      </div>
    </section>
  );
}

function AssignRange({ batchId }: { batchId: string }) {
  const { t } = useTranslation('backoffice-plates');
  const assign = useAssignRange(batchId);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const organisations = useOrganisations(query, false);
  const [organisation, setOrganisation] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const failure = assign.error ? readApiError(assign.error, t) : null;
  const fieldError = (field: string) => (failure?.kind === 'message' && failure.field === field ? failure.text : undefined);
  const formError = failure?.kind === 'message' && !failure.field ? failure.text : null;
  const options = organisations.data ?? [];
  const chosenName = options.find((o) => o.party_id === organisation)?.name ?? '';
  const [doneFor, setDoneFor] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDoneFor(chosenName);
    assign.mutate({ organisation_party_id: organisation, from_id: from.trim() || undefined, to_id: to.trim() || undefined });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('assign.title')}>
      <TextField label={t('assign.search')} type="search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
      <SelectField
        label={t('assign.organisation')}
        value={organisation}
        onChange={(e) => setOrganisation(e.target.value)}
        placeholder={options.length === 0 ? t('assign.none') : t('assign.choose')}
        options={options.map((o) => ({ value: o.party_id, label: o.name }))}
        error={fieldError('organisation_party_id')}
      />
      <div className="plates-range">
        <TextField
          label={t('assign.from')}
          hint={t('assign.fromHint')}
          value={from}
          maxLength={64}
          onChange={(e) => setFrom(e.target.value)}
          error={fieldError('from_id')}
        />
        <TextField
          label={t('assign.to')}
          hint={t('assign.toHint')}
          value={to}
          maxLength={64}
          onChange={(e) => setTo(e.target.value)}
          error={fieldError('to_id')}
        />
      </div>
      {formError && <Alert>{formError}</Alert>}
      {assign.data && (
        <Alert tone="success">
          {t('assign.done', { count: assign.data.assigned, from: assign.data.from_id, to: assign.data.to_id, organisation: doneFor })}
        </Alert>
      )}
      <Button type="submit" busy={assign.isPending}>
        {t('assign.submit')}
      </Button>
    </form>
  );
}

function BatchPlates({ batchId }: { batchId: string }) {
  const { t } = useTranslation('backoffice-plates');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const plates = usePlates(batchId, filters);
  return (
    <section aria-labelledby="plates-title" className="plates-batches">
      <h2 id="plates-title">{t('plates.title')}</h2>
      <Filters
        key={params.toString()}
        filters={filters}
        onApply={(next) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>)}
      />
      {plates.isPending ? (
        <Loading />
      ) : !plates.data ? (
        <LoadError error={plates.error} onRetry={() => void plates.refetch()} retrying={plates.isFetching} />
      ) : (
        <PlatesTable items={plates.data.pages.flatMap((page) => page.items)} />
      )}
      {plates.isFetchNextPageError && <LoadError partial error={plates.error} onRetry={() => void plates.fetchNextPage()} />}
      {plates.hasNextPage && (
        <Button variant="secondary" onClick={() => void plates.fetchNextPage()} busy={plates.isFetchingNextPage}>
          {t('plates.more')}
        </Button>
      )}
    </section>
  );
}

function Filters({ filters, onApply }: { filters: PlateFilters; onApply: (filters: PlateFilters) => void }) {
  const { t } = useTranslation('backoffice-plates');
  const [draft, setDraft] = useState(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q?.trim() || undefined });
  };
  return (
    <form className="backoffice-search" onSubmit={submit} aria-label={t('plates.filters')}>
      <SelectField
        label={t('plates.state')}
        value={draft.state ?? ''}
        onChange={(e) => setDraft({ ...draft, state: (e.target.value || undefined) as PlateState | undefined })}
        options={[{ value: '', label: t('plates.anyState') }, ...PLATE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))]}
      />
      <TextField
        label={t('plates.prefix')}
        value={draft.q ?? ''}
        maxLength={32}
        onChange={(e) => setDraft({ ...draft, q: e.target.value })}
      />
      <Button type="submit">{t('plates.apply')}</Button>
    </form>
  );
}

function PlatesTable({
  items,
}: {
  items: { id: string; state: PlateState; organisation: { name: string } | null; bike_id: string | null; equipment_id: string | null }[];
}) {
  const { t } = useTranslation('backoffice-plates');
  if (items.length === 0) return <p>{t('plates.empty')}</p>;
  return (
    <div className="plates-table-wrap">
      <table className="plates-table">
        <thead>
          <tr>
            <th scope="col">{t('plates.id')}</th>
            <th scope="col">{t('plates.state')}</th>
            <th scope="col">{t('plates.organisation')}</th>
            <th scope="col">{t('plates.where')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((plate) => (
            <tr key={plate.id}>
              <th scope="row" className="plate-id">
                <Link to={platePath(plate.id)}>{plate.id}</Link>
              </th>
              <td>
                <StateBadge state={plate.state} />
              </td>
              <td>{plate.organisation?.name ?? ''}</td>
              <td>{plate.bike_id ? t('plates.onBike') : plate.equipment_id ? t('plates.onEquipment') : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
