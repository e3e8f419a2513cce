import { useTranslation } from 'react-i18next';
import type { BikeEvent } from '../../domain/ownership';
import { formatPrice } from '../bikes/bike-format';
import { formatDateTime } from '../lib/intl';
import { LoadError } from '../ui/load-error';
import { Loading } from '../ui/spinner';
import { useBikeHistory } from './ownership-api';
import './ownership.css';

/**
 * The bike page's History tab: what happened to the bike, newest first, as a timeline. Who did it is told from
 * the viewer's side ("You", "A previous owner" …), never by name.
 */
export function HistoryPanel({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation('ownership');
  const history = useBikeHistory(bikeId);
  return (
    <div className="bike-panel">
      <h2>{t('history.title')}</h2>
      <p className="muted">{t('history.lead')}</p>
      {history.isPending ? (
        <Loading />
      ) : history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} />
      ) : history.data.length === 0 ? (
        <p className="bike-empty">{t('history.empty')}</p>
      ) : (
        <ol className="ownership-timeline">
          {history.data.map((event) => (
            <HistoryItem key={event.id} event={event} />
          ))}
        </ol>
      )}
    </div>
  );
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function HistoryItem({ event }: { event: BikeEvent }) {
  const { t, i18n } = useTranslation(['ownership', 'bike-terms']);
  const lang = i18n.resolvedLanguage ?? 'da';
  const data = event.data ?? {};
  // An edit names the fields it changed (never their values).
  const fields = strings(data.fields);
  const price = typeof data.price_dkk === 'number' ? data.price_dkk : null;
  return (
    <li className={`ownership-event ownership-event-${event.kind}`}>
      <time dateTime={event.created_at}>{formatDateTime(event.created_at, lang)}</time>
      <p className="ownership-event-what">{t(`ownership:history.kind.${event.kind}`)}</p>
      <p className="ownership-event-who">{t(`ownership:history.actor.${event.actor}`)}</p>
      {fields.length > 0 && (
        <p className="ownership-event-detail">
          {t('ownership:history.changed', {
            fields: fields.map((field) => t(`bike-terms:field.${field}`, { defaultValue: field })).join(', '),
          })}
        </p>
      )}
      {price !== null && <p className="ownership-event-detail">{t('ownership:history.price', { price: formatPrice(price, lang) })}</p>}
      {data.from_request === true && <p className="ownership-event-detail">{t('ownership:history.fromRequest')}</p>}
    </li>
  );
}
