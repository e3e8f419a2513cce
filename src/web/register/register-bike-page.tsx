import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Bike } from '../../domain/bikes';
import { bikeName } from '../bikes/bike-terms';
import { useCreateBike, useCreditsOverview, useMyBikes } from '../bikes/bikes-api';
import { ApiError } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { clearDraft, useZodForm } from '../ui/form';
import { PageTitle } from '../ui/page';
import { DetailsStep } from './details-step';
import { FrameNumberStep } from './frame-number-step';
import { PlateStep } from './plate-step';
import { RegisterDone } from './register-done';
import { EMPTY_REGISTER_FORM } from './register-values';
import './register.css';

const DRAFT_KEY = 'register-bike';
const loadSchema = () => import('./register-form').then((m) => m.registerFormSchema);

type Problem = 'no_subscription' | 'fill_existing_bikes_first' | null;

/** /app/bikes/register (§2): frame number, plate, details, save and finish. The form is a draft until it is saved. */
export function RegisterBikePage() {
  const [done, setDone] = useState<{ bike: Bike; photo: File | null } | null>(null);
  const [round, setRound] = useState(0);
  if (done) {
    return (
      <RegisterDone
        bike={done.bike}
        photo={done.photo}
        onAnother={() => {
          setDone(null);
          setRound((r) => r + 1);
        }}
      />
    );
  }
  return <RegisterForm key={round} onDone={(bike, photo) => setDone({ bike, photo })} />;
}

function RegisterForm({ onDone }: { onDone: (bike: Bike, photo: File | null) => void }) {
  const { t } = useTranslation(['register', 'bike-terms']);
  const form = useZodForm(loadSchema, { defaultValues: EMPTY_REGISTER_FORM, draftKey: DRAFT_KEY });
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const create = useCreateBike();
  const bikes = useMyBikes();
  // §5 "existing bikes first": a bike with neither frame number nor plate must be completed before another.
  const incomplete = bikes.data?.find((b) => !b.frame_number && !b.bikekey_id) ?? null;

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const submit = form.handleSubmit(async (payload) => {
    setProblem(null);
    if (incomplete) {
      setProblem('fill_existing_bikes_first');
      return;
    }
    try {
      const bike = await create.mutateAsync(payload);
      clearDraft(DRAFT_KEY);
      onDone(bike, photo);
    } catch (error) {
      const code = error instanceof ApiError ? (error.body as { code?: unknown } | null)?.code : undefined;
      if (code === 'no_subscription' || code === 'fill_existing_bikes_first') {
        setProblem(code);
        return;
      }
      throw error;
    }
  });

  return (
    <div className="register">
      <PageTitle>{t('register:title')}</PageTitle>
      <p className="register-lead">{t('register:lead')}</p>
      {problem !== 'no_subscription' && <CreditNote />}
      {incomplete && problem !== 'fill_existing_bikes_first' && (
        <Alert tone="warning" title={t('errors:fill_existing_bikes_first')}>
          <Link to={`/app/my-bikes/${encodeURIComponent(incomplete.id)}/edit`}>
            {t('register:incomplete.link', { name: bikeName(incomplete, t) })}
          </Link>
        </Alert>
      )}
      <div ref={problemRef} tabIndex={-1} className="problem">
        {problem === 'no_subscription' && (
          <Alert title={t('errors:no_subscription')}>
            <p>{t('register:noSubscription.body')}</p>
            <div className="actions">
              <Link to="/app/bikes/register/purchase" className="btn btn-primary btn-small">
                {t('register:noSubscription.buy')}
              </Link>
              <Link to="/app/bikes/register/redeem" className="btn btn-secondary btn-small">
                {t('register:noSubscription.redeem')}
              </Link>
            </div>
          </Alert>
        )}
        {problem === 'fill_existing_bikes_first' && (
          <Alert title={t('errors:fill_existing_bikes_first')}>
            <p>{t('register:incomplete.body')}</p>
            {incomplete ? (
              <Link to={`/app/my-bikes/${encodeURIComponent(incomplete.id)}/edit`}>
                {t('register:incomplete.link', { name: bikeName(incomplete, t) })}
              </Link>
            ) : (
              <Link to="/app/my-bikes">{t('register:incomplete.myBikes')}</Link>
            )}
          </Alert>
        )}
      </div>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate className="register-form">
        <FrameNumberStep form={form} />
        <PlateStep form={form} photo={photo} onPhoto={setPhoto} />
        <DetailsStep form={form} />
        <div className="actions">
          <Button type="submit" busy={form.submitting}>
            {t('register:submit')}
          </Button>
          <Link to="/app/my-bikes" className="btn btn-secondary">
            {t('register:cancel')}
          </Link>
        </div>
        <p className="muted draft-note">{t('register:draftNote')}</p>
      </form>
    </div>
  );
}

/** What registering will use: a credit, or (without one) a plate with registration included, or a voucher. */
function CreditNote() {
  const { t } = useTranslation('register');
  const credits = useCreditsOverview();
  if (!credits.data) return null;
  if (credits.data.credits > 0) {
    return <p className="note note-good">{t('credits.some', { count: credits.data.credits })}</p>;
  }
  // Without a credit, the bike goes on the subscription while it has room.
  const subscription = credits.data.subscription;
  if (subscription?.active && subscription.bikes_remaining > 0) {
    return <p className="note note-good">{t('credits.subscription', { count: subscription.bikes_remaining })}</p>;
  }
  return (
    <div className="note note-warn">
      <p>{t('credits.none')}</p>
      <p>
        <Link to="/app/bikes/register/redeem">{t('credits.redeem')}</Link>
      </p>
      <Link to="/app/bikes/register/purchase">{t('credits.buy')}</Link>
    </div>
  );
}
