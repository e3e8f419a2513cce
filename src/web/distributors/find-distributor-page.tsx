import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Distributor, DistributorPage } from '../../domain/distributors';
import { api } from '../lib/api-client';
import { Button } from '../ui/button';
import { SelectField, TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import '../maps/map-box.css';
import './distributors.css';

// The map (with Leaflet) loads after the list: the list is what answers the search.
const DistributorMap = lazy(() => import('./distributor-map').then((m) => ({ default: m.DistributorMap })));

type Result = { kind: 'loading' } | { kind: 'done'; page: DistributorPage } | { kind: 'failed'; error: unknown };

/** /find-distributor: distributors found by the start of a postcode or a city, in one or both countries, as a list and on a map. */
export function FindDistributorPage() {
  const { t } = useTranslation('distributors');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const region = params.get('region') ?? '';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const [typed, setTyped] = useState(q);
  const [chosenRegion, setChosenRegion] = useState(region);
  const [result, setResult] = useState<Result>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setResult((last) => (last.kind === 'done' ? last : { kind: 'loading' }));
    const query = new URLSearchParams({ q, region, offset: String(offset) });
    api<DistributorPage>(`/distributors?${query}`, { signal: controller.signal }).then(
      (page) => setResult({ kind: 'done', page }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [q, region, offset, attempt]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (typed.trim()) next.set('q', typed.trim());
    if (chosenRegion) next.set('region', chosenRegion);
    setParams(next);
  };
  const goTo = (nextOffset: number) => {
    const next = new URLSearchParams(params);
    if (nextOffset) next.set('offset', String(nextOffset));
    else next.delete('offset');
    setParams(next);
  };

  const page = result.kind === 'done' ? result.page : null;
  return (
    <div className="distributors-page">
      <PageTitle>{t('page.title')}</PageTitle>
      <p className="distributors-lead">{t('page.lead')}</p>
      <search>
        <form className="distributors-search" onSubmit={search}>
          <TextField
            label={t('search.label')}
            hint={t('search.hint')}
            name="q"
            value={typed}
            autoComplete="postal-code"
            onChange={(e) => setTyped(e.target.value)}
          />
          <SelectField
            label={t('search.region')}
            name="region"
            value={chosenRegion}
            onChange={(e) => setChosenRegion(e.target.value)}
            options={[
              { value: '', label: t('search.allRegions') },
              { value: 'dk', label: t('regions.dk') },
              { value: 'no', label: t('regions.no') },
            ]}
          />
          <Button type="submit">{t('search.submit')}</Button>
        </form>
      </search>

      <div className="distributors-results">
        <section className="distributors-list" aria-labelledby="distributors-list-title">
          <h2 id="distributors-list-title" className="visually-hidden">
            {t('list.title')}
          </h2>
          {result.kind === 'loading' && <Loading />}
          {result.kind === 'failed' && <LoadError error={result.error} onRetry={() => setAttempt((n) => n + 1)} />}
          {page && (
            <>
              <p className="distributors-count" aria-live="polite" aria-atomic="true">
                {page.total === 0
                  ? q
                    ? t('list.noneFor', { q })
                    : t('list.none')
                  : q
                    ? t('list.countFor', { count: page.total, q })
                    : t('list.count', { count: page.total })}
              </p>
              <ul className="distributors-items">
                {page.items.map((d) => (
                  <DistributorCard key={d.id} distributor={d} />
                ))}
              </ul>
              {page.total > page.page_size && (
                <nav className="distributors-pager" aria-label={t('list.pages')}>
                  <Button variant="secondary" disabled={offset === 0} onClick={() => goTo(Math.max(0, offset - page.page_size))}>
                    {t('list.previous')}
                  </Button>
                  <span>{t('list.range', { from: offset + 1, to: Math.min(offset + page.page_size, page.total), total: page.total })}</span>
                  <Button
                    variant="secondary"
                    disabled={offset + page.page_size >= page.total}
                    onClick={() => goTo(offset + page.page_size)}
                  >
                    {t('list.next')}
                  </Button>
                </nav>
              )}
            </>
          )}
        </section>
        <div className="distributors-map">
          <Suspense fallback={<div className="map-box distributors-map-box" />}>
            <DistributorMap distributors={page?.items ?? []} region={region === 'dk' || region === 'no' ? region : null} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}

function DistributorCard({ distributor: d }: { distributor: Distributor }) {
  const { t } = useTranslation('distributors');
  return (
    <li className="card distributor-card">
      <h3>{d.name}</h3>
      <p>
        {d.street}
        <br />
        {d.postcode} {d.city}, {t(`regions.${d.region}`)}
      </p>
      {(d.phone || d.website) && (
        <p>
          {d.phone && <a href={`tel:${d.phone.replace(/\s/g, '')}`}>{d.phone}</a>}
          {d.phone && d.website && ' · '}
          {d.website && (
            <a href={d.website} rel="noopener noreferrer" target="_blank">
              {t('card.website')}
            </a>
          )}
        </p>
      )}
      <p className="distributor-offers">
        <span className="visually-hidden">{t('card.offers')} </span>
        {d.offers.map((offer) => (
          <span key={offer} className="distributor-offer">
            {t(`offers.${offer}`)}
          </span>
        ))}
      </p>
    </li>
  );
}
