import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { clearDraft, useZodForm } from '../ui/form';
import { PageTitle } from '../ui/page';
import type { frameNumberOnlySchema } from './bike-edit-schema';
import { BackToBike, BikeGate } from './bike-gate';
import { bikeName } from './bike-terms';
import { useUpdateBike } from './bikes-api';
import { FrameNumberField } from './frame-number-field';
import './bike.css';

const loadSchema = () => import('./bike-edit-schema').then((m) => m.frameNumberOnlySchema);

/** /app/my-bikes/{bikeId}/complete-confirm-missing-frame-number: the bike has no frame number; add it (with hints) and confirm. */
export function MissingFrameNumberPage() {
  return <BikeGate>{(bike) => <MissingFrameNumber bike={bike} />}</BikeGate>;
}

function MissingFrameNumber({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const navigate = useNavigate();
  const update = useUpdateBike(bike.id);
  const draftKey = `bike-frame:${bike.id}`;
  const base = `/app/my-bikes/${encodeURIComponent(bike.id)}`;
  const form = useZodForm<typeof frameNumberOnlySchema, { frame_number: string }>(loadSchema, {
    defaultValues: { frame_number: '' },
    draftKey,
  });

  const submit = form.handleSubmit(async ({ frame_number }) => {
    await update.mutateAsync({ frame_number });
    clearDraft(draftKey);
    navigate(`${base}/post-edit`, { state: { confirmed: true } });
  });

  return (
    <div className="bike-page bike-narrow">
      <BackToBike bikeId={bike.id} />
      <PageTitle>{t('missingFrame.title')}</PageTitle>
      {bike.frame_number ? (
        <>
          <Alert tone="success">{t('missingFrame.already', { frame: bike.frame_number })}</Alert>
          <Link to={`${base}/complete-confirm`} className="btn btn-primary">
            {t('missingFrame.toConfirm')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('missingFrame.lead', { name: bikeName(bike, t) })}</p>
          <p className="muted">{t('missingFrame.where')}</p>
          {form.formError && <Alert>{form.formError}</Alert>}
          <form onSubmit={submit} noValidate className="card bike-form">
            <FrameNumberField {...form.field('frame_number')} brandId={bike.brand_id} productionYear={bike.production_year} required />
            <div className="actions">
              <Button type="submit" busy={form.submitting}>
                {t('missingFrame.submit')}
              </Button>
              <Link to={base} className="btn btn-secondary">
                {t('missingFrame.later')}
              </Link>
            </div>
          </form>
        </>
      )}
    </div>
  );
}
