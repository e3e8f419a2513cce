import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { BikeGate } from '../bikes/bike-gate';
import { bikeName } from '../bikes/bike-terms';
import { SignedImage } from '../bikes/signed-image';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useOwnershipVerification, useUploadFrame } from './verify-api';
import { ownerPath, PicturePicker, VERIFY_BASE } from './verify-parts';

/**
 * /app/bikes/verify-ownership/{bikeId}/frame, step 1: a picture of the frame number, taken with the
 * phone's rear camera or chosen from the files, beside the frame number as registered to compare.
 */
export function VerifyFramePage() {
  return <BikeGate>{(bike) => <FrameStep bike={bike} />}</BikeGate>;
}

function FrameStep({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['ownership-verify', 'bike-terms']);
  const navigate = useNavigate();
  const verification = useOwnershipVerification(bike.id);
  const upload = useUploadFrame(bike.id);
  const name = bikeName(bike, t);
  const failure = upload.isError ? readApiError(upload.error, t) : null;

  const onFile = (file: File) => upload.mutate(file, { onSuccess: () => navigate(ownerPath(bike.id)) });

  if (verification.isPending) return <Loading />;
  const current = verification.data;

  return (
    <div className="verify-page">
      <p className="bike-back">
        <Link to={VERIFY_BASE}>
          <span aria-hidden="true">← </span>
          {t('nav.back')}
        </Link>
      </p>
      <p className="verify-step-count">{t('frame.step')}</p>
      <PageTitle>{t('frame.title', { name })}</PageTitle>
      {current?.status === 'verified' ? (
        <>
          <Alert tone="success" title={t('frame.alreadyTitle')}>
            {t('frame.already')}
          </Alert>
          <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}`} className="btn btn-primary">
            {t('owner.toBike')}
          </Link>
        </>
      ) : (
        <>
          <p className="verify-lead">{t('frame.lead')}</p>
          {current?.status === 'rejected' && (
            <Alert tone="warning" title={t('frame.rejectedTitle')}>
              <p>{t('frame.rejected', { reason: current.reject_reason ?? '—' })}</p>
            </Alert>
          )}
          <section className="card verify-compare" aria-labelledby="verify-compare-title">
            <h2 id="verify-compare-title">{t('frame.compareTitle')}</h2>
            {bike.frame_number ? (
              <>
                <p>{t('frame.compare')}</p>
                <p className="verify-frame-number">
                  <code>{bike.frame_number}</code>
                </p>
              </>
            ) : (
              <p>{t('frame.noFrameNumber')}</p>
            )}
            <h3>{t('frame.tipsTitle')}</h3>
            <ul>
              <li>{t('frame.tipWhere')}</li>
              <li>{t('frame.tipLight')}</li>
              <li>{t('frame.tipWhole')}</li>
            </ul>
          </section>
          {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
          {upload.isPending && <p role="status">{t('frame.uploading')}</p>}
          <div className="actions verify-pickers">
            <PicturePicker label={t('frame.take')} onFile={onFile} busy={upload.isPending} camera variant="primary" />
            <PicturePicker label={t('frame.choose')} onFile={onFile} busy={upload.isPending} />
          </div>
          <p className="muted verify-privacy">{t('frame.privacy')}</p>
          {current?.status === 'owner_pending' && current.frame_picture_thumbnail_url && (
            <section className="card verify-current" aria-labelledby="verify-current-title">
              <h2 id="verify-current-title">{t('frame.currentTitle')}</h2>
              <SignedImage src={current.frame_picture_thumbnail_url} alt={t('frame.pictureAlt', { name })} className="verify-thumb" />
              <Link to={ownerPath(bike.id)} className="btn btn-secondary">
                {t('frame.keep')}
              </Link>
            </section>
          )}
        </>
      )}
    </div>
  );
}
