import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { BackToBike, BikeGate } from './bike-gate';
import { bikeName } from './bike-terms';
import { DetailsFacts } from './details-facts';
import './bike.css';

/** /app/my-bikes/{bikeId}/complete-confirm: review the bike's data and confirm that it is complete and correct. */
export function CompleteConfirmPage() {
  return <BikeGate>{(bike) => <CompleteConfirm bike={bike} />}</BikeGate>;
}

function CompleteConfirm({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const navigate = useNavigate();
  const base = `/app/my-bikes/${encodeURIComponent(bike.id)}`;
  // Without a frame number the bike is not complete: that page asks for it first.
  if (!bike.frame_number) return <Navigate to={`${base}/complete-confirm-missing-frame-number`} replace />;
  return (
    <div className="bike-page bike-narrow">
      <BackToBike bikeId={bike.id} />
      <PageTitle>{t('complete.title')}</PageTitle>
      <p>{t('complete.lead', { name: bikeName(bike, t) })}</p>
      <section className="card">
        <DetailsFacts bike={bike} />
      </section>
      <div className="actions">
        <Button onClick={() => navigate(`${base}/post-edit`, { state: { confirmed: true } })}>{t('complete.confirm')}</Button>
        <Link to={`${base}/edit`} className="btn btn-secondary">
          {t('complete.correct')}
        </Link>
      </div>
    </div>
  );
}
