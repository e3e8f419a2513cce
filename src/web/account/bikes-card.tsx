import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyBikes } from '../bikes/bikes-api';

/** The home's way into the heart of the product: how many bikes, and where to register one. */
export function BikesCard() {
  const { t } = useTranslation('account');
  const bikes = useMyBikes();
  const count = bikes.data?.length;
  return (
    <section className="card" aria-labelledby="bikes-card-title">
      <h2 id="bikes-card-title">{t('home.bikesTitle')}</h2>
      <p aria-live="polite">
        {count === undefined
          ? bikes.isError
            ? t('home.bikesUnknown')
            : t('home.bikesLoading')
          : count === 0
            ? t('home.bikesNone')
            : t('home.bikesCount', { count })}
      </p>
      <div className="card-actions">
        {count !== undefined && count > 0 && (
          <Link to="/app/my-bikes" className="btn btn-primary">
            {t('home.bikesLink')}
          </Link>
        )}
        <Link to="/app/bikes/register" className={count ? 'btn btn-secondary' : 'btn btn-primary'}>
          {t('home.registerLink')}
        </Link>
      </div>
    </section>
  );
}
