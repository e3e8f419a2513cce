import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BikeDetail, redeemVoucherSchema } from '../../domain/bikes';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { PageTitle } from '../ui/page';
import { BackToBike, BikeGate } from './bike-gate';
import { bikeName } from './bike-terms';
import { useActivateCredit, useBikeActivations, useRedeemVoucher } from './bikes-api';
import './bike.css';

const loadSchema = () => import('../../domain/bikes').then((m) => m.redeemVoucherSchema);

/** /app/my-bikes/{bikeId}/redeem-voucher: redeem a code for credits, then offer to use one for this bike. */
export function RedeemVoucherPage() {
  return <BikeGate>{(bike) => <RedeemVoucher bike={bike} />}</BikeGate>;
}

function RedeemVoucher({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const redeem = useRedeemVoucher();
  const activations = useBikeActivations();
  const activate = useActivateCredit();
  const [added, setAdded] = useState<number | null>(null);
  const [activated, setActivated] = useState(false);
  const draftKey = `bike-voucher:${bike.id}`;
  const form = useZodForm<typeof redeemVoucherSchema, { code: string }>(loadSchema, { defaultValues: { code: '' }, draftKey });
  const name = bikeName(bike, t);
  const base = `/app/my-bikes/${encodeURIComponent(bike.id)}`;

  const submit = form.handleSubmit(async ({ code }) => {
    const answer = await redeem.mutateAsync(code);
    clearDraft(draftKey);
    form.setValue('code', '');
    setAdded(answer.credits_added);
  });

  const unused = (activations.data ?? []).find((c) => c.bike_ownership_id === null);
  const activateFailure = activate.isError ? readApiError(activate.error, t) : null;

  if (added !== null) {
    return (
      <div className="bike-page bike-narrow">
        <BackToBike bikeId={bike.id} />
        <PageTitle>{t('voucher.doneTitle')}</PageTitle>
        <Alert tone="success">{t('voucher.added', { count: added })}</Alert>
        {activated || bike.flags.active ? (
          <>
            <Alert tone="success">{activated ? t('credit.doneBody', { name }) : t('credit.alreadyActive', { name })}</Alert>
            <div className="actions">
              <Link to={base} className="btn btn-primary">
                {t('credit.toBike')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p>{t('voucher.offer', { name })}</p>
            {activateFailure?.kind === 'message' && <Alert>{activateFailure.text}</Alert>}
            <div className="actions">
              <Button
                disabled={!unused}
                busy={activate.isPending || activations.isFetching}
                onClick={() =>
                  unused &&
                  activate.mutate({ creditId: unused.id, bikeOwnershipId: bike.bike_ownership_id }, { onSuccess: () => setActivated(true) })
                }
              >
                {t('voucher.useForBike')}
              </Button>
              <Link to={base} className="btn btn-secondary">
                {t('voucher.notNow')}
              </Link>
            </div>
          </>
        )}
      </div>
    );
  }

  return (
    <div className="bike-page bike-narrow">
      <BackToBike bikeId={bike.id} />
      <PageTitle>{t('voucher.title')}</PageTitle>
      <p>{t('voucher.lead')}</p>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate className="card bike-form">
        <TextField
          label={t('voucher.code')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          {...form.field('code')}
        />
        <div className="actions">
          <Button type="submit" busy={form.submitting}>
            {t('voucher.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
