import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Bike } from '../../domain/bikes';
import type { OwnershipVerification } from '../../domain/ownership';
import { BikeThumb } from '../bikes/bike-labels';
import { bikeName } from '../bikes/bike-terms';
import { useMyBikes } from '../bikes/bikes-api';
import { formatDate } from '../lib/intl';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useProviderName } from '../verification/step-up';
import { useMyVerifications } from './verify-api';
import { framePath, ownerPath, StatusPill } from './verify-parts';

/**
 * /app/bikes/verify-ownership: my bikes with their verification status and the way to verify each. Says
 * why first: buyers and insurers trust an owner who has proved holding the bike.
 */
export function VerifyListPage() {
  const { t } = useTranslation(['ownership-verify', 'bike-terms']);
  const provider = useProviderName();
  const bikes = useMyBikes();
  const verifications = useMyVerifications();
  const byBike = new Map((verifications.data ?? []).map((v) => [v.bike_id, v]));
  const failed = bikes.isError ? bikes : verifications.isError ? verifications : null;

  return (
    <div className="verify-page">
      <PageTitle>{t('list.title')}</PageTitle>
      <p className="verify-lead">{t('list.lead')}</p>
      <section className="card verify-why" aria-labelledby="verify-why-title">
        <h2 id="verify-why-title">{t('list.whyTitle')}</h2>
        <p>{t('list.why')}</p>
        <ol className="verify-how">
          <li>{t('list.step1')}</li>
          <li>{t('list.step2', { provider })}</li>
        </ol>
      </section>
      {failed ? (
        <LoadError error={failed.error} onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
      ) : !bikes.data || verifications.isPending ? (
        <Loading />
      ) : bikes.data.length === 0 ? (
        <div className="card">
          <p>{t('list.empty')}</p>
          <Link to="/app/bikes/register" className="btn btn-primary">
            {t('list.register')}
          </Link>
        </div>
      ) : (
        <ul className="verify-list" aria-label={t('list.listLabel')}>
          {bikes.data.map((bike) => (
            <BikeRow key={bike.id} bike={bike} verification={byBike.get(bike.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function BikeRow({ bike, verification }: { bike: Bike; verification: OwnershipVerification | undefined }) {
  const { t, i18n } = useTranslation(['ownership-verify', 'bike-terms']);
  const name = bikeName(bike, t);
  const status = verification?.status ?? 'none';
  return (
    <li className="card verify-row">
      <BikeThumb url={bike.picture_url} alt="" />
      <div className="verify-row-body">
        <h2 className="verify-row-name">{name}</h2>
        <p className="verify-row-frame">
          {t('bike-terms:field.frame_number')}: <code>{bike.frame_number ?? '—'}</code>
        </p>
        <StatusPill status={status} />
        {status === 'verified' && verification?.verified_at && (
          <p className="muted">{t('list.verifiedOn', { date: formatDate(verification.verified_at, i18n.resolvedLanguage) })}</p>
        )}
      </div>
      <div className="verify-row-action">
        {status === 'owner_pending' ? (
          <Link to={ownerPath(bike.id)} className="btn btn-primary" aria-label={t('list.continueBike', { name })}>
            {t('list.continue')}
          </Link>
        ) : status !== 'verified' ? (
          <Link
            to={framePath(bike.id)}
            className="btn btn-primary"
            aria-label={status === 'rejected' ? t('list.againBike', { name }) : t('list.verifyBike', { name })}
          >
            {status === 'rejected' ? t('list.again') : t('list.verify')}
          </Link>
        ) : (
          <Link
            to={`/app/my-bikes/${encodeURIComponent(bike.id)}`}
            className="btn btn-secondary"
            aria-label={t('list.toBikeNamed', { name })}
          >
            {t('list.toBike')}
          </Link>
        )}
      </div>
    </li>
  );
}
