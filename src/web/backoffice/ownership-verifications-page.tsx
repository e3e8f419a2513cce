import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { REVIEW_STATUSES, type ReviewItem } from '../../domain/ownership-review';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { SelectField, TextAreaField } from '../ui/field';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useRejectVerification, useReviewList } from './ownership-verifications-api';
import { ReadOnlyNote, useCanChange } from './read-only';
import './backoffice.css';
import './ownership-verifications.css';

/**
 * /backoffice/ownership-verifications: staff compare each frame-number picture with the frame number as
 * registered and reject a proof that does not hold (the owner is told why by mail). Revisors may look;
 * the server refuses their rejections.
 */
export function OwnershipVerificationsPage() {
  const { t } = useTranslation(['ownership-verify', 'backoffice']);
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const list = useReviewList(status);
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const canChange = useCanChange();

  if (list.error instanceof ApiError && list.error.status === 403) {
    return (
      <div className="backoffice">
        <PageTitle>{t('backoffice:forbidden.title')}</PageTitle>
        <Alert tone="warning">{t('backoffice:forbidden.body')}</Alert>
        <Link to="/app" className="btn btn-primary">
          {t('backoffice:forbidden.home')}
        </Link>
      </div>
    );
  }

  return (
    <div className="backoffice">
      <PageTitle>{t('review.title')}</PageTitle>
      <p className="backoffice-lead">{t('review.lead')}</p>
      {!canChange && <ReadOnlyNote />}
      <div className="card review-filter">
        <SelectField
          label={t('review.filter')}
          value={status}
          onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {}, { replace: true })}
          options={[{ value: '', label: t('review.all') }, ...REVIEW_STATUSES.map((s) => ({ value: s, label: t(`review.state.${s}`) }))]}
        />
      </div>
      {done && <Alert tone="success">{done}</Alert>}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert>{messageOf(list.error, t)}</Alert>
      ) : list.data.length === 0 ? (
        <p>{t('review.none')}</p>
      ) : (
        <ul className="review-list" aria-label={t('review.listLabel', { count: list.data.length })}>
          {list.data.map((item) => (
            <ReviewRow key={item.id} item={item} onReject={() => setRejecting(item)} />
          ))}
        </ul>
      )}
      {rejecting && (
        <RejectDialog
          item={rejecting}
          onClose={(message) => {
            setRejecting(null);
            if (message) setDone(message);
          }}
        />
      )}
    </div>
  );
}

/** The status in staff's words ("waiting for the owner's national ID", not "your"). */
const staffLabel = (status: ReviewItem['status'], t: (key: string) => string) =>
  (REVIEW_STATUSES as readonly string[]).includes(status) ? t(`review.state.${status}`) : t(`status.${status}`);

const nameOf = (item: ReviewItem) => [item.bike.brand_name, item.bike.model].filter(Boolean).join(' ') || item.frame_number || item.bike.id;

function ReviewRow({ item, onReject }: { item: ReviewItem; onReject: () => void }) {
  const canChange = useCanChange();
  const { t, i18n } = useTranslation('ownership-verify');
  const name = nameOf(item);
  return (
    <li className="card review-row">
      <div className="review-picture">
        {item.frame_picture_url ? (
          <a href={item.frame_picture_url} target="_blank" rel="noopener">
            <img src={item.frame_picture_thumbnail_url ?? item.frame_picture_url} alt={t('review.pictureAlt', { name })} />
          </a>
        ) : (
          <p className="muted">{t('review.noPicture')}</p>
        )}
      </div>
      <div className="review-body">
        <h2 className="review-name">{name}</h2>
        <dl className="review-facts">
          <div>
            <dt>{t('review.frameNumber')}</dt>
            <dd>
              <code className="review-frame">{item.frame_number ?? '—'}</code>
            </dd>
          </div>
          {item.bike.bikekey_id && (
            <div>
              <dt>{t('review.plate')}</dt>
              <dd>
                <code>{item.bike.bikekey_id}</code>
              </dd>
            </div>
          )}
          <div>
            <dt>{t('review.owner')}</dt>
            <dd>{item.owner_email ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('review.status')}</dt>
            <dd>
              <span className={`verify-status verify-status-${item.status}`}>{staffLabel(item.status, t)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('review.updated')}</dt>
            <dd>{formatDateTime(item.updated_at, i18n.resolvedLanguage)}</dd>
          </div>
          {item.reject_reason && (
            <div>
              <dt>{t('review.reason')}</dt>
              <dd>{item.reject_reason}</dd>
            </div>
          )}
        </dl>
        {canChange && item.status !== 'rejected' && (
          <Button variant="danger" className="btn-small" onClick={onReject} aria-label={t('review.rejectBike', { name })}>
            {t('review.reject')}
          </Button>
        )}
      </div>
    </li>
  );
}

function RejectDialog({ item, onClose }: { item: ReviewItem; onClose: (message?: string) => void }) {
  const { t } = useTranslation('ownership-verify');
  const reject = useRejectVerification();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldId = useId();
  const failure = reject.isError ? readApiError(reject.error, t) : null;
  const name = nameOf(item);
  const submit = () => {
    if (!reason.trim()) return setMissing(true);
    reject.mutate({ id: item.id, reason: reason.trim() }, { onSuccess: () => onClose(t('review.rejected', { name })) });
  };
  const error = missing && !reason.trim() ? t('errors:field_required') : failure?.kind === 'message' ? failure.text : null;
  return (
    <ConfirmDialog
      open
      title={t('review.dialogTitle', { name })}
      confirmLabel={t('review.confirm')}
      cancelLabel={t('review.cancel')}
      busy={reject.isPending}
      onConfirm={submit}
      onCancel={() => onClose()}
    >
      <p>{t('review.dialogBody')}</p>
      <TextAreaField
        label={t('review.reasonLabel')}
        id={fieldId}
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error ?? undefined}
      />
    </ConfirmDialog>
  );
}

function messageOf(error: unknown, t: Parameters<typeof readApiError>[1]): string {
  const outcome = readApiError(error, t);
  return outcome.kind === 'message' ? outcome.text : t('errors:server_error');
}
