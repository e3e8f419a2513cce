import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BikeDetail, PublicBike } from '../../domain/bikes';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { usePublicBike } from './bike-files-api';
import { BackToBike, BikeGate, BikeLoadError, BikeNotFound, isNotFound } from './bike-gate';
import { brandName } from './bike-terms';
import { SignedImage } from './signed-image';
import './bike.css';

/** /app/my-bikes/{bikeId}/public: exactly what strangers see of the bike (search, plate scans). */
export function BikePublicPage() {
  return <BikeGate>{(bike) => <PublicPreview bike={bike} />}</BikeGate>;
}

function PublicPreview({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const card = usePublicBike(bike.id);
  const visible = bike.flags.searchable || bike.flags.reported_stolen;
  if (card.isError && isNotFound(card.error)) return <BikeNotFound />;
  return (
    <div className="bike-page bike-narrow">
      <BackToBike bikeId={bike.id} />
      <PageTitle>{t('public.title')}</PageTitle>
      <p>{t('public.lead')}</p>
      <Alert tone="info" title={t('public.privacyTitle')}>
        {t('public.privacyBody')}
      </Alert>
      {visible ? (
        <Alert tone="success">{bike.flags.reported_stolen ? t('public.visibleStolen') : t('public.visible')}</Alert>
      ) : (
        <Alert tone="warning" title={t('public.hiddenTitle')}>
          <p>{t('public.hidden')}</p>
          <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}/edit`}>{t('public.changeVisibility')}</Link>
        </Alert>
      )}
      {card.isError && <BikeLoadError error={card.error} onRetry={() => void card.refetch()} retrying={card.isFetching} />}
      {card.isPending && !card.isError && <Loading />}
      {card.data && <PublicCard bike={card.data} />}
    </div>
  );
}

/** The public card: the public picture and the bike's description, frame number and plate; never the owner. */
export function PublicCard({ bike }: { bike: PublicBike }) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const name = [brandName(bike), bike.model].filter(Boolean).join(' ') || t('bike-terms:unnamed');
  const facts: [string, string | null][] = [
    [t('bike-terms:field.color_id'), bike.color_id ? t(`bike-terms:color.${bike.color_id}`) : null],
    [t('bike-terms:field.category_id'), bike.category_id ? t(`bike-terms:category.${bike.category_id}`) : null],
    [t('bike-terms:field.type_id'), bike.type_id ? t(`bike-terms:type.${bike.type_id}`) : null],
    [t('bike-terms:field.is_electric'), bike.is_electric ? t('details.yes') : t('details.no')],
    [t('bike-terms:field.production_year'), bike.production_year ? String(bike.production_year) : null],
    [t('bike-terms:field.frame_number'), bike.frame_number],
    [t('bike-terms:field.bikekey_id'), bike.bikekey_id],
  ];
  return (
    <article className="card bike-public-card" aria-labelledby="public-card-title">
      <div className="bike-public-picture">
        {bike.picture_url ? (
          <SignedImage src={bike.picture_url} alt={t('public.pictureAlt', { name })} className="bike-public-img" />
        ) : (
          <p className="bike-public-nopicture">{t('public.noPicture')}</p>
        )}
      </div>
      <div>
        <h2 id="public-card-title">{name}</h2>
        {bike.reported_stolen && <p className="bike-label bike-label-stolen">{t('bike-terms:flag.reported_stolen')}</p>}
        <dl className="bike-facts bike-facts-compact">
          {facts
            .filter((f): f is [string, string] => Boolean(f[1]))
            .map(([label, value]) => (
              <div key={label} className="bike-fact">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </div>
    </article>
  );
}
