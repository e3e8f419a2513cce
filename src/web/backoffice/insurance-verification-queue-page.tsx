import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { takeNextReview } from './insurance-verification-api';
import { stepPath, useReviewDraft } from './insurance-verification-paths';
import { Kbd, useShortcuts } from './insurance-verification-shortcuts';
import { ReadOnlyNote, useCanChange } from './read-only';
import { useBackofficeWork } from './work-api';
import './insurance-verification.css';

/**
 * /backoffice/v2/insurance-verification: the proofs of possession one at a time. "Next" (N) takes the oldest waiting one
 * no one else holds and holds it for the reviewer; after a decision the page comes back here, says how it went and
 * has focus on "Next".
 */
export function ReviewQueuePage() {
  const { t } = useTranslation('backoffice-verification');
  const navigate = useNavigate();
  const decided = (useLocation().state as { decided?: 'approved' | 'rejected' | 'skipped' } | null)?.decided;
  const work = useBackofficeWork();
  const skipped = useReviewDraft((s) => s.skipped);
  const clearSkipped = useReviewDraft((s) => s.clearSkipped);
  const canChange = useCanChange();
  const next = useMutation({
    mutationFn: () => takeNextReview(skipped),
    onSuccess: (held) => {
      if (held.id) navigate(stepPath(held.id, 'frame-number'));
    },
  });
  const nextId = useId();
  useEffect(() => {
    if (decided) document.getElementById(nextId)?.focus();
  }, [decided, nextId]);
  const takeNext = useCallback(() => {
    if (canChange && !next.isPending) next.mutate();
  }, [canChange, next]);
  useShortcuts({ n: takeNext });

  const waiting = work.data?.possession_checks;
  const failure = next.isError ? readApiError(next.error, t) : null;
  return (
    <div className="backoffice">
      <PageTitle>{t('v2.title')}</PageTitle>
      <p className="backoffice-lead">{t('v2.lead')}</p>
      {decided && <Alert tone="success">{t(`v2.done.${decided}`)}</Alert>}
      <section className="card review-start" aria-labelledby="review-start-title">
        <h2 id="review-start-title">{waiting === undefined ? t('v2.waitingUnknown') : t('v2.waiting', { count: waiting })}</h2>
        <p className="muted">{t('v2.holdNote')}</p>
        {canChange ? (
          <Button id={nextId} onClick={takeNext} busy={next.isPending} aria-keyshortcuts="N">
            {t('v2.next')} <Kbd>N</Kbd>
          </Button>
        ) : (
          <ReadOnlyNote />
        )}
        {next.data && next.data.id === null && (
          <div role="status" className="review-empty">
            <p>{skipped.length > 0 ? t('v2.emptySkipped') : t('v2.empty')}</p>
            {skipped.length > 0 && (
              <Button
                variant="secondary"
                onClick={() => {
                  clearSkipped();
                  next.reset();
                }}
              >
                {t('v2.includeSkipped')}
              </Button>
            )}
          </div>
        )}
        {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
      </section>
      <p>
        <Link to="/backoffice/insurance-verification">{t('v2.byInsurer')}</Link>
      </p>
      <section className="review-keys" aria-labelledby="review-keys-title">
        <h2 id="review-keys-title">{t('keys.title')}</h2>
        <dl className="review-keys-list">
          {(['n', 'm', 'd', 'p', 's', 'a', 'r'] as const).map((key) => (
            <div key={key}>
              <dt>
                <Kbd>{key.toUpperCase()}</Kbd>
              </dt>
              <dd>{t(`keys.${key}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
