import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { BikeGate } from '../bikes/bike-gate';
import { bikeName } from '../bikes/bike-terms';
import { SignedImage } from '../bikes/signed-image';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { claimApproval, useStepUp } from '../verification/step-up';
import { VerificationNotice } from '../verification/verification-notice';
import { useConfirmOwner, useOwnershipVerification } from './verify-api';
import { framePath, ownerPath, VERIFY_BASE } from './verify-parts';

const codeOf = (error: unknown) => (error instanceof ApiError ? (error.body as { code?: unknown } | null)?.code : undefined);

/**
 * /app/bikes/verify-ownership/{bikeId}/owner, step 2: the owner confirms with national ID (step-up, act
 * verify_ownership bound to this bike). The provider sends the user back here with ?approval_id=…, which
 * is used at once; cancelling or failing at the provider comes back here too, with the notice.
 */
export function VerifyOwnerPage() {
  return <BikeGate>{(bike) => <OwnerStep bike={bike} />}</BikeGate>;
}

function OwnerStep({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['ownership-verify', 'bike-terms']);
  const verification = useOwnershipVerification(bike.id);
  const confirm = useConfirmOwner(bike.id);
  const name = bikeName(bike, t);
  const { approvePath, approvalId, provider, clear } = useStepUp({
    act: 'verify_ownership',
    subjectId: bike.id,
    returnTo: ownerPath(bike.id),
  });

  useEffect(() => {
    if (!approvalId || !claimApproval(approvalId)) return;
    // The approval is single-use: take it out of the address whatever happens, so a reload does not resend it.
    confirm.mutate(approvalId, { onSettled: clear });
  }, [approvalId, confirm, clear]);

  const status = confirm.data?.status ?? verification.data?.status;

  if (approvalId || confirm.isPending || verification.isPending) return <Loading />;

  if (status === 'verified') {
    return (
      <div className="verify-page">
        <PageTitle>{t('owner.doneTitle')}</PageTitle>
        <div className="verify-done">
          <p className="verify-done-mark" aria-hidden="true">
            ✓
          </p>
          <p>
            <strong>{t('owner.done', { name })}</strong>
          </p>
          <p>{t('owner.doneBody')}</p>
        </div>
        <div className="actions">
          <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}`} className="btn btn-primary">
            {t('owner.toBike')}
          </Link>
          <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}/sales-link`} className="btn btn-secondary">
            {t('owner.toSalesLink')}
          </Link>
          <Link to={VERIFY_BASE} className="btn btn-secondary">
            {t('owner.toList')}
          </Link>
        </div>
      </div>
    );
  }

  const failure = confirm.isError ? readApiError(confirm.error, t) : null;
  const current = verification.data;
  const needsPicture = current?.status !== 'owner_pending' || codeOf(confirm.error) === 'verification_frame_missing';

  return (
    <div className="verify-page">
      <p className="bike-back">
        <Link to={framePath(bike.id)}>
          <span aria-hidden="true">← </span>
          {t('owner.back')}
        </Link>
      </p>
      <p className="verify-step-count">{t('owner.step')}</p>
      <PageTitle>{t('owner.title', { provider })}</PageTitle>
      <VerificationNotice />
      {failure?.kind === 'message' && (
        <Alert title={t('owner.failedTitle')}>{codeOf(confirm.error) === 'approval_required' ? t('owner.expired') : failure.text}</Alert>
      )}
      {needsPicture ? (
        <>
          <Alert tone="info">{t('owner.needsPicture')}</Alert>
          <Link to={framePath(bike.id)} className="btn btn-primary">
            {t('owner.toPicture')}
          </Link>
        </>
      ) : (
        <>
          <p className="verify-lead">{t('owner.lead', { name, provider })}</p>
          {current?.frame_picture_thumbnail_url && (
            <figure className="card verify-current">
              <SignedImage src={current.frame_picture_thumbnail_url} alt={t('frame.pictureAlt', { name })} className="verify-thumb" />
              <figcaption>
                {t('owner.pictureCaption')} <Link to={framePath(bike.id)}>{t('owner.changePicture')}</Link>
              </figcaption>
            </figure>
          )}
          <p>{t('owner.what', { provider })}</p>
          <div className="actions">
            <Link to={approvePath} className="btn btn-primary">
              {t('owner.confirm', { provider })}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
