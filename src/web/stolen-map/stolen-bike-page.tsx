import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { StolenBikePage as StolenBikePageData } from '../../domain/stolen-map';
import { ApiError, api } from '../lib/api-client';
import { formatDate } from '../lib/intl';
import { PublicBikeCard } from '../search/public-bike-card';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FormCard, PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useLoadAfterFirstRender } from './after-first-render';
import { bikeName } from './map-format';
import '../maps/map-box.css';
import './stolen-map.css';

// The map's code comes with Leaflet, after the page has been painted; its box is reserved meanwhile.
const loadPlaceMap = () => import('../maps/location-picker').then((m) => m.PlaceMap);

type State = { kind: 'loading' } | { kind: 'done'; page: StolenBikePageData } | { kind: 'gone' } | { kind: 'failed' };

/** /stolen-bike-map/{bikeId}: one stolen bike's public page; a found (or unknown) bike is "not on the map". */
export function StolenBikePage() {
  const { t } = useTranslation('stolen-map');
  const { bikeId = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    api<StolenBikePageData>(`/stolen-bike-map/${encodeURIComponent(bikeId)}`, { signal: controller.signal }).then(
      (page) => setState({ kind: 'done', page }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // 404: found (no longer stolen), never stolen or no such bike; 422: not an id at all.
        const gone = error instanceof ApiError && (error.status === 404 || error.status === 422);
        setState({ kind: gone ? 'gone' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [bikeId, attempt]);

  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'gone') return <NotOnMap />;
  if (state.kind === 'failed')
    return (
      <div className="stolen-bike-page">
        <PageTitle>{t('bike.failedTitle')}</PageTitle>
        <Alert>{t('bike.failed')}</Alert>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t('maps.retry')}
        </Button>
      </div>
    );
  return <StolenBike page={state.page} />;
}

function StolenBike({ page }: { page: StolenBikePageData }) {
  const { t, i18n } = useTranslation('stolen-map');
  const { summary, card } = page;
  const name = bikeName(summary, t('bike.unnamed'));
  const area = summary.area ?? t(`filters.regions.${summary.region}`);
  const PlaceMap = useLoadAfterFirstRender(loadPlaceMap);
  return (
    <div className="stolen-bike-page">
      <p className="stolen-back">
        <Link to="/stolen-bike-map">{t('bike.backToMap')}</Link>
      </p>
      <PageTitle title={t('bike.title', { name })}>{t('bike.title', { name })}</PageTitle>
      <PublicBikeCard bike={{ ...card, reported_stolen: true }} headingLevel={2} />
      <section className="stolen-where" aria-labelledby="stolen-where-title">
        <h2 id="stolen-where-title">{t('bike.whereTitle')}</h2>
        <p>
          <strong>{t('bike.stolenOn', { date: formatDate(summary.stolen_at, i18n.resolvedLanguage) })}</strong>
          <br />
          {t('bike.area', { area })}
        </p>
        {PlaceMap ? (
          <PlaceMap latitude={summary.latitude} longitude={summary.longitude} radiusMeters={1000} label={t('bike.mapLabel', { area })} />
        ) : (
          <div className="map-box place-map-box" />
        )}
        <p className="stolen-where-note">{t('bike.roundedNote')}</p>
      </section>
    </div>
  );
}

function NotOnMap() {
  const { t } = useTranslation('stolen-map');
  return (
    <FormCard>
      <PageTitle>{t('gone.title')}</PageTitle>
      <p>{t('gone.body')}</p>
      <Link to="/stolen-bike-map" className="btn btn-primary">
        {t('gone.toMap')}
      </Link>
    </FormCard>
  );
}
