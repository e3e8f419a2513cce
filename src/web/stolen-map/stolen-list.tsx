import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StolenBikeSummary } from '../../domain/stolen-map';
import { formatDate } from '../lib/intl';
import { Button } from '../ui/button';
import type { ListState } from './map-data';
import { bikeName, bikePagePath } from './map-format';
import { StolenBikePicture } from './stolen-bike-picture';

/**
 * The bikes on the map as a list of real links: the keyboard and screen-reader way through the map.
 * Its height does not jump: loading keeps the last items (dimmed) until the new ones arrive.
 */
export function StolenList({ state, onMore, onRetry }: { state: ListState; onMore: () => void; onRetry: () => void }) {
  const { t } = useTranslation('stolen-map');
  const first = state.status === 'loading' && state.items.length === 0;
  return (
    <section className="stolen-list" aria-labelledby="stolen-list-title" aria-busy={state.status === 'loading' || undefined}>
      <h2 id="stolen-list-title">{t('list.title')}</h2>
      <p className="visually-hidden">{t('list.hint')}</p>
      {first && <p className="stolen-list-note">{t('list.loading')}</p>}
      {state.status === 'failed' && (
        <div className="stolen-list-note stolen-list-failed" role="alert">
          <p>{t('list.failed')}</p>
          <Button variant="secondary" onClick={onRetry}>
            {t('maps.retry')}
          </Button>
        </div>
      )}
      {state.status === 'done' && state.items.length === 0 && <p className="stolen-list-note">{t('list.empty')}</p>}
      {state.items.length > 0 && state.status !== 'failed' && (
        <ul className={`stolen-items${state.status === 'loading' ? ' stolen-items-stale' : ''}`}>
          {state.items.map((bike) => (
            <StolenItem key={bike.bike_id} bike={bike} />
          ))}
        </ul>
      )}
      {state.items.length > 0 && state.status !== 'failed' && state.status !== 'loading' && (
        <div className="stolen-list-more">
          <p>{t('list.shown', { shown: state.items.length, total: state.total })}</p>
          {state.status === 'more-failed' && <p role="alert">{t('list.moreFailed')}</p>}
          {state.nextOffset !== null && (
            <Button variant="secondary" onClick={onMore} busy={state.status === 'more'}>
              {t('list.more')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

function StolenItem({ bike }: { bike: StolenBikeSummary }) {
  const { t, i18n } = useTranslation(['stolen-map', 'bike-card']);
  const name = bikeName(bike, t('bike.unnamed'));
  const details = [bike.color_id ? t(`bike-card:color.${bike.color_id}`) : '', bike.is_electric ? t('list.electric') : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      <Link to={bikePagePath(bike.bike_id)} className="stolen-item">
        <StolenBikePicture url={bike.public_picture_url} className="stolen-item-picture" width={72} height={72} iconWidth={44} />
        <span className="stolen-item-text">
          <span className="stolen-item-name">{name}</span>
          {details && <span>{details}</span>}
          <span>{bike.area ?? t(`filters.regions.${bike.region}`)}</span>
          <span className="stolen-item-date">{t('list.stolenOn', { date: formatDate(bike.stolen_at, i18n.resolvedLanguage) })}</span>
        </span>
      </Link>
    </li>
  );
}
