import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  PLATE_BATCH_KINDS,
  PLATE_BATCH_MAX,
  PLATE_PREFIX_MAX,
  type PlateBatch,
  type PlateBatchKind,
  type PlateDetail,
} from '../../domain/plates';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { SelectField, TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useBatches, useCreateBatch, useOrganisations, usePlate } from './plates-api';
import { batchPath, StateBadge } from './plates-parts';
import { ReadOnlyNote, useCanChange } from './read-only';
import './backoffice.css';
import './plates.css';

/** /backoffice/plates: find any plate (?plate= keeps it in the address), make a batch, and the batches newest first. */
export function PlatesPage() {
  const { t } = useTranslation('backoffice-plates');
  const [params, setParams] = useSearchParams();
  const plateId = params.get('plate') ?? '';
  const canChange = useCanChange();
  return (
    <div className="backoffice backoffice-wide plates-page">
      <PageTitle>{t('title')}</PageTitle>
      <p className="backoffice-lead">{t('lead')}</p>
      {!canChange && <ReadOnlyNote />}
      <div className="plates-columns">
        <section className="card" aria-labelledby="find-plate">
          <h2 id="find-plate">{t('find.title')}</h2>
          <FindPlate key={plateId} initial={plateId} onFind={(id) => setParams(id ? { plate: id } : {})} />
          {plateId && <PlateCard plateId={plateId} />}
        </section>
        {canChange && (
          <section className="card" aria-labelledby="new-batch">
            <h2 id="new-batch">{t('create.title')}</h2>
            <NewBatch />
          </section>
        )}
      </div>
      <Batches />
    </div>
  );
}

function FindPlate({ initial, onFind }: { initial: string; onFind: (id: string) => void }) {
  const { t } = useTranslation('backoffice-plates');
  const [id, setId] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFind(id.trim());
  };
  return (
    <form className="backoffice-search" onSubmit={submit} aria-label={t('find.title')}>
      <TextField label={t('find.id')} hint={t('find.hint')} value={id} maxLength={64} onChange={(e) => setId(e.target.value)} />
      <Button type="submit">{t('find.submit')}</Button>
    </form>
  );
}

function PlateCard({ plateId }: { plateId: string }) {
  const { t, i18n } = useTranslation('backoffice-plates');
  const plate = usePlate(plateId);
  if (plate.isPending) return <Loading />;
  if (plate.error instanceof ApiError && plate.error.status === 404) return <Alert>{t('find.notFound', { id: plateId })}</Alert>;
  if (plate.isError) return <LoadError error={plate.error} onRetry={() => void plate.refetch()} retrying={plate.isFetching} />;
  const p = plate.data;
  return (
    <article className="plate-card" aria-labelledby="plate-title">
      <h3 id="plate-title">{t('plate.title', { id: p.id })}</h3>
      <dl className="plate-facts">
        <dt>{t('plate.state')}</dt>
        <dd>
          <StateBadge state={p.state} />
        </dd>
        <dt>{t('plate.batch')}</dt>
        <dd>
          <Link to={batchPath(p.batch.id)}>{p.batch.name}</Link> · {t(`kind.${p.batch.kind}`)}
        </dd>
        {p.organisation && (
          <>
            <dt>{t('plate.organisation')}</dt>
            <dd>{p.organisation.name}</dd>
          </>
        )}
        {p.shipped_to && (
          <>
            <dt>{t('plate.shippedTo')}</dt>
            <dd>{p.shipped_to.email ?? p.shipped_to.party_id}</dd>
          </>
        )}
        {p.bike && (
          <>
            <dt>{t('plate.bike')}</dt>
            <dd>
              {[p.bike.brand, p.bike.model].filter(Boolean).join(' ') || t('plate.unnamedBike')}
              {p.equipment_id && ` · ${t('plate.equipment')}`}
            </dd>
            <dt>{t('plate.owner')}</dt>
            <dd>{p.bike.owner_email ?? t('plate.noOwner')}</dd>
          </>
        )}
        <dt>{t('plate.qr')}</dt>
        <dd className="plate-id">{p.url_path}</dd>
      </dl>
      <h4>{t('plate.history')}</h4>
      <ol className="plate-history">
        {p.history.map((entry) => (
          <li key={`${entry.kind}-${entry.at}-${entry.action ?? ''}`}>
            <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.resolvedLanguage)}</time> <span>{historyText(t, entry)}</span>
            {entry.actor_email && <span className="muted"> {t('history.by', { email: entry.actor_email })}</span>}
          </li>
        ))}
      </ol>
    </article>
  );
}

function historyText(t: (key: string, options?: Record<string, unknown>) => string, entry: PlateDetail['history'][number]): string {
  return t(`history.${entry.kind}`, { organisation: entry.organisation_name ?? '', action: entry.action ?? '' });
}

function NewBatch() {
  const { t } = useTranslation('backoffice-plates');
  const create = useCreateBatch();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<PlateBatchKind>('standard');
  const [insurer, setInsurer] = useState('');
  const [prefix, setPrefix] = useState('');
  const [count, setCount] = useState('100');
  const insurers = useOrganisations('', true);
  const failure = create.error ? readApiError(create.error, t) : null;
  const fieldError = (field: string) => (failure?.kind === 'message' && failure.field === field ? failure.text : undefined);
  const formError = failure?.kind === 'message' && !failure.field ? failure.text : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      name,
      kind,
      prefix,
      count: Number(count),
      insurer_party_id: kind === 'insurance' ? insurer || null : null,
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('create.title')}>
      <TextField
        label={t('create.name')}
        value={name}
        maxLength={100}
        required
        onChange={(e) => setName(e.target.value)}
        error={fieldError('name')}
      />
      <SelectField
        label={t('create.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as PlateBatchKind)}
        options={PLATE_BATCH_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        error={fieldError('kind')}
      />
      {kind === 'insurance' && (
        <SelectField
          label={t('create.insurer')}
          value={insurer}
          onChange={(e) => setInsurer(e.target.value)}
          placeholder={t('create.chooseInsurer')}
          options={(insurers.data ?? []).map((o) => ({ value: o.party_id, label: o.name }))}
          error={fieldError('insurer_party_id')}
        />
      )}
      <TextField
        label={t('create.prefix')}
        hint={t('create.prefixHint')}
        value={prefix}
        maxLength={PLATE_PREFIX_MAX}
        autoCapitalize="characters"
        onChange={(e) => setPrefix(e.target.value.toUpperCase())}
        error={fieldError('prefix')}
      />
      <TextField
        label={t('create.count')}
        hint={t('create.countHint')}
        type="number"
        inputMode="numeric"
        min={1}
        max={PLATE_BATCH_MAX}
        value={count}
        onChange={(e) => setCount(e.target.value)}
        error={fieldError('count')}
      />
      {formError && <Alert>{formError}</Alert>}
      {create.data && (
        <Alert tone="success">
          {t('create.made', { name: create.data.name, count: create.data.counts.total })}{' '}
          <Link to={batchPath(create.data.id)}>{t('create.open')}</Link>
        </Alert>
      )}
      <Button type="submit" busy={create.isPending}>
        {t('create.submit')}
      </Button>
    </form>
  );
}

function Batches() {
  const { t, i18n } = useTranslation('backoffice-plates');
  const batches = useBatches();
  if (batches.isPending) return <Loading />;
  if (!batches.data) return <LoadError error={batches.error} onRetry={() => void batches.refetch()} retrying={batches.isFetching} />;
  const items: PlateBatch[] = batches.data.pages.flatMap((page) => page.items);
  const total = batches.data.pages.at(-1)?.total ?? items.length;
  return (
    <section aria-labelledby="batches-title" className="plates-batches">
      <h2 id="batches-title">{t('batches.title')}</h2>
      {items.length === 0 ? (
        <p>{t('batches.empty')}</p>
      ) : (
        <div className="plates-table-wrap">
          <table className="plates-table">
            <thead>
              <tr>
                <th scope="col">{t('batches.name')}</th>
                <th scope="col">{t('batches.kind')}</th>
                <th scope="col">{t('batches.created')}</th>
                <th scope="col" className="number">
                  {t('batches.total')}
                </th>
                {(['free', 'organisation', 'shipped', 'in_use'] as const).map((state) => (
                  <th key={state} scope="col" className="number">
                    {t(`state.${state}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((batch) => (
                <tr key={batch.id}>
                  <th scope="row">
                    <Link to={batchPath(batch.id)}>{batch.name}</Link>
                  </th>
                  <td>
                    {t(`kind.${batch.kind}`)}
                    {batch.insurer && <span className="muted"> · {batch.insurer.name}</span>}
                  </td>
                  <td>{formatDateTime(batch.created_at, i18n.resolvedLanguage)}</td>
                  <td className="number">{batch.counts.total}</td>
                  <td className="number">{batch.counts.free}</td>
                  <td className="number">{batch.counts.organisation}</td>
                  <td className="number">{batch.counts.shipped}</td>
                  <td className="number">{batch.counts.in_use}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted">{t('batches.shown', { shown: items.length, total })}</p>
      {batches.isFetchNextPageError && <LoadError partial error={batches.error} onRetry={() => void batches.fetchNextPage()} />}
      {batches.hasNextPage && (
        <Button variant="secondary" onClick={() => void batches.fetchNextPage()} busy={batches.isFetchingNextPage}>
          {t('batches.more')}
        </Button>
      )}
    </section>
  );
}
