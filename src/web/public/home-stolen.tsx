import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MapListAnswer, StolenBikeSummary } from '../../domain/stolen-map';
import { formatDate, localeOf } from '../lib/intl';
import { serverState } from '../lib/server-state';
import { bikeName, bikePagePath } from '../stolen-map/map-format';
import { StolenBikePicture } from '../stolen-map/stolen-bike-picture';
import { Button } from '../ui/button';
import { useFetched } from './home-data';

/** The empty cards shown while the list loads: as many as the newest stolen bikes shown. */
const PLACEHOLDERS = ['a', 'b', 'c', 'd'] as const;
const SHOWN = PLACEHOLDERS.length;
const DAY_MS = 86_400_000;

/**
 * Recently stolen bikes in the visitor's region (dk: Denmark, no: Norway), newest first, from the stolen-bike map's own
 * list: only reports staff approved for the map, the area (zip code and town) and never the street or the owner.
 * Cards, not a map, so the front page loads no map library.
 */
export function HomeStolen() {
  const { t } = useTranslation('home');
  const region = serverState.region;
  const { state, retry } = useFetched<MapListAnswer>(`/stolen-bike-map/list?region=${region}&period=year`);
  return (
    <section className="home-section" aria-labelledby="home-stolen-title">
      <div className="home-section-head">
        <h2 id="home-stolen-title">{t(`stolen.title.${region}`)}</h2>
        <Link to={`/stolen-bike-map?region=${region}`}>{t('stolen.toMap')}</Link>
      </div>
      <p className="home-section-lead">{t('stolen.lead')}</p>
      {state.status === 'failed' ? (
        <div className="home-stolen-note" role="alert">
          <p>{t('stolen.failed')}</p>
          <Button variant="secondary" onClick={retry}>
            {t('stolen.retry')}
          </Button>
        </div>
      ) : state.status === 'done' && state.data.items.length === 0 ? (
        <p className="home-stolen-note">{t('stolen.empty')}</p>
      ) : (
        <ul className="stolen-cards" aria-busy={state.status === 'loading' || undefined}>
          {state.status === 'done'
            ? state.data.items.slice(0, SHOWN).map((bike) => <StolenCard key={bike.bike_id} bike={bike} />)
            : // Empty cards of the same size while the list loads: the page does not jump when it arrives.
              PLACEHOLDERS.map((key) => <li key={key} className="stolen-card stolen-card-empty" aria-hidden="true" />)}
        </ul>
      )}
    </section>
  );
}

/** One relative-time formatter per language (creating one costs on a phone; the cards share it). */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeDays(days: number, language: string | undefined): string {
  const locale = localeOf(language);
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format.format(-days, 'day');
}

/** "3 days ago" within a month, else the date. */
function useWhen(iso: string): string {
  const { t, i18n } = useTranslation('home');
  const language = i18n.resolvedLanguage;
  const days = Math.floor((Date.now() - new Date(iso).getTime()) / DAY_MS);
  if (days >= 0 && days < 30) return t('stolen.stolenAgo', { when: relativeDays(days, language) });
  return t('stolen.stolenOn', { date: formatDate(iso, language) });
}

function StolenCard({ bike }: { bike: StolenBikeSummary }) {
  const { t } = useTranslation(['home', 'bike-card']);
  const when = useWhen(bike.stolen_at);
  const details = [bike.color_id ? t(`bike-card:color.${bike.color_id}`) : '', bike.is_electric ? t('stolen.electric') : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="stolen-card">
      <Link to={bikePagePath(bike.bike_id)} className="stolen-card-link">
        <StolenBikePicture url={bike.public_picture_url} className="stolen-card-picture" width={320} height={200} iconWidth={88} />
        <span className="stolen-card-text">
          <span className="stolen-card-name">{bikeName(bike, t('stolen.unnamed'))}</span>
          {details && <span>{details}</span>}
          <span>{bike.area ?? t(`stolen.regions.${bike.region}`)}</span>
          <span className="stolen-card-when">{when}</span>
        </span>
      </Link>
    </li>
  );
}
