import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Bike } from '../../domain/bikes';
import { BikeLabels, BikeThumb } from '../bikes/bike-labels';
import { bikeName } from '../bikes/bike-terms';
import { useMyBikes } from '../bikes/bikes-api';
import { ReceiveBikeCard, TransferPendingLabel } from '../ownership/bike-page-parts';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { CreditsSummary } from './credits-summary';
import './my-bikes.css';

/** /app/my-bikes: the bikes the acting user owns now, their registrations, and the way to register another. */
export function MyBikesPage() {
  const { t } = useTranslation('my-bikes');
  const bikes = useMyBikes();
  return (
    <div className="my-bikes">
      <div className="my-bikes-head">
        <PageTitle>{t('title')}</PageTitle>
        <div className="actions" style={{ marginTop: 0 }}>
          <Link to="/app/bikes/register" className="btn btn-primary">
            {t('register')}
          </Link>
          <Link to="/app/my-bikes/report-stolen" className="btn btn-secondary">
            {t('reportStolen')}
          </Link>
        </div>
      </div>
      <div className="my-bikes-layout">
        <div className="my-bikes-main">
          {bikes.isPending ? (
            <Loading />
          ) : bikes.isError ? (
            <LoadError error={bikes.error} onRetry={() => void bikes.refetch()} retrying={bikes.isFetching} />
          ) : bikes.data.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="bike-list" aria-label={t('listLabel', { count: bikes.data.length })}>
              {bikes.data.map((bike) => (
                <BikeRow key={bike.id} bike={bike} />
              ))}
            </ul>
          )}
        </div>
        <aside className="my-bikes-side" aria-label={t('sideLabel')}>
          <CreditsSummary />
          <ReceiveBikeCard />
          <section className="card" aria-labelledby="plates-title">
            <h2 id="plates-title">{t('plates.title')}</h2>
            <p>{t('plates.body')}</p>
            <Link to="/app/qr-id">{t('plates.link')}</Link>
          </section>
        </aside>
      </div>
    </div>
  );
}

function BikeRow({ bike }: { bike: Bike }) {
  const { t } = useTranslation(['my-bikes', 'bike-terms']);
  const name = bikeName(bike, t);
  const incomplete = !bike.frame_number && !bike.bikekey_id;
  return (
    <li className="card bike-row">
      <BikeThumb url={bike.picture_url} alt="" />
      <div className="bike-row-body">
        <h2 className="bike-row-name">
          <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}`}>{name}</Link>
        </h2>
        <dl className="bike-row-facts">
          <div>
            <dt>{t('bike-terms:field.frame_number')}</dt>
            <dd className="mono">{bike.frame_number ?? t('my-bikes:missing')}</dd>
          </div>
          <div>
            <dt>{t('bike-terms:field.bikekey_id')}</dt>
            <dd className="mono">{bike.bikekey_id ?? t('my-bikes:noPlate')}</dd>
          </div>
        </dl>
        <BikeLabels flags={bike.flags} />
        <TransferPendingLabel bikeId={bike.id} />
        {incomplete && (
          <p className="bike-row-incomplete">
            {t('my-bikes:incomplete')}{' '}
            <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}/edit`}>{t('my-bikes:complete', { name })}</Link>
          </p>
        )}
      </div>
    </li>
  );
}

function EmptyState() {
  const { t } = useTranslation('my-bikes');
  return (
    <div className="card empty-state">
      <h2>{t('empty.title')}</h2>
      <p>{t('empty.body')}</p>
      <div className="actions">
        <Link to="/app/register-bike" className="btn btn-primary">
          {t('empty.register')}
        </Link>
      </div>
    </div>
  );
}
