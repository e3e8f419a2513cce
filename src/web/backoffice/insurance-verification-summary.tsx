import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type PossessionReview, REVIEW_CHECKS, type ReviewCheck, type ReviewChecks } from '../../domain/possession-review';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TextAreaField } from '../ui/field';
import { useDecideReview } from './insurance-verification-api';
import { QUEUE_PATH, type ReviewStep, stepPath, useReviewDraft } from './insurance-verification-paths';
import { Kbd, useShortcuts } from './insurance-verification-shortcuts';

// The review's last step: what the three steps found, then approve (A) or reject with a reason (R). An approval needs
// every comparison answered, and asks once more when one of them differs. After the decision the queue page opens.

const STEP_OF: Record<ReviewCheck, ReviewStep> = {
  frame_number: 'frame-number',
  plate: 'verify-plate-id',
  purchase_date: 'verify-receipt',
  price: 'verify-receipt',
};

export function SummaryStep({ review, checks, canAct }: { review: PossessionReview; checks: ReviewChecks; canAct: boolean }) {
  const { t } = useTranslation('backoffice-verification');
  const id = review.verification.id;
  const navigate = useNavigate();
  const forget = useReviewDraft((s) => s.forget);
  const decide = useDecideReview(id);
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);

  const open = REVIEW_CHECKS.filter((c) => checks[c] === undefined);
  const differs = REVIEW_CHECKS.some((c) => checks[c] === 'differs');

  const send = (decision: 'approved' | 'rejected') =>
    decide.mutate(
      { decision, reason: decision === 'rejected' ? reason : null, checks },
      {
        onSuccess: () => {
          forget(id);
          navigate(QUEUE_PATH, { state: { decided: decision } });
        },
      },
    );
  const approve = () => {
    if (!canAct || decide.isPending) return;
    if (open.length > 0) return setMissing(true);
    if (differs) return setConfirming(true);
    send('approved');
  };
  const reject = () => {
    if (!canAct) return;
    setRejecting(true);
    // The field appears with this render; focus it once it is there.
    requestAnimationFrame(() => reasonField.current?.focus());
  };
  useShortcuts({ a: approve, r: reject });

  const failure = decide.isError ? readApiError(decide.error, t) : null;
  const reasonError = failure?.kind === 'message' && failure.field === 'reason' ? failure.text : null;
  const onReject = (event: FormEvent) => {
    event.preventDefault();
    send('rejected');
  };

  return (
    <>
      <table className="review-table review-summary">
        <caption className="visually-hidden">{t('summary.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('summary.check')}</th>
            <th scope="col">{t('summary.result')}</th>
            {canAct && (
              <th scope="col">
                <span className="visually-hidden">{t('summary.change')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {REVIEW_CHECKS.map((check) => {
            const result = checks[check];
            return (
              <tr key={check}>
                <th scope="row">{t(`checks.${check}`)}</th>
                <td className={result ? `review-result-${result}` : 'review-result-open'}>
                  {result ? t(`results.${result}`) : t('results.none')}
                </td>
                {canAct && (
                  <td>
                    <Link to={stepPath(id, STEP_OF[check])}>
                      {t('summary.change')}
                      <span className="visually-hidden"> {t(`checks.${check}`)}</span>
                    </Link>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {canAct && (
        <>
          {missing && open.length > 0 && (
            <Alert tone="warning">{t('summary.missing', { checks: open.map((c) => t(`checks.${c}`)).join(', ') })}</Alert>
          )}
          {failure?.kind === 'message' && !reasonError && <Alert>{failure.text}</Alert>}
          <div className="review-actions">
            <Button onClick={approve} busy={decide.isPending && decide.variables?.decision === 'approved'} aria-keyshortcuts="A">
              {t('summary.approve')} <Kbd>A</Kbd>
            </Button>
            {!rejecting && (
              <Button variant="danger" onClick={reject} aria-keyshortcuts="R">
                {t('summary.reject')} <Kbd>R</Kbd>
              </Button>
            )}
          </div>
          {rejecting && (
            <form className="review-reject" onSubmit={onReject} noValidate>
              <TextAreaField
                id="review-reason"
                label={t('summary.reason')}
                hint={t('summary.reasonHint')}
                ref={reasonField}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={1000}
                rows={3}
                required
                error={reasonError ?? undefined}
              />
              <div className="review-actions">
                <Button type="submit" variant="danger" busy={decide.isPending && decide.variables?.decision === 'rejected'}>
                  {t('summary.confirmReject')}
                </Button>
                <Button variant="secondary" onClick={() => setRejecting(false)}>
                  {t('summary.cancel')}
                </Button>
              </div>
            </form>
          )}
          <ConfirmDialog
            open={confirming}
            title={t('summary.differsTitle')}
            confirmLabel={t('summary.approveAnyway')}
            cancelLabel={t('summary.cancel')}
            tone="primary"
            busy={decide.isPending}
            onConfirm={() => {
              setConfirming(false);
              send('approved');
            }}
            onCancel={() => setConfirming(false)}
          >
            <p>{t('summary.differsBody')}</p>
          </ConfirmDialog>
        </>
      )}
    </>
  );
}
