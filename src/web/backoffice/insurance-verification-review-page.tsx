import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { CheckResult, PossessionReview, ReviewCheck, ReviewChecks } from '../../domain/possession-review';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDate, formatDateTime, formatMoment } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { holdReview, releaseReview, usePossessionReview } from './insurance-verification-api';
import { QUEUE_PATH, REVIEW_STEPS, type ReviewStep, STEP_CHECKS, stepPath, useReviewDraft } from './insurance-verification-paths';
import { Kbd, useShortcuts } from './insurance-verification-shortcuts';
import { FrameNumberStep, PlateStep, ReceiptStep } from './insurance-verification-steps';
import { SummaryStep } from './insurance-verification-summary';
import { ReadOnlyNote, useCanChange } from './read-only';
import './insurance-verification.css';

/** The page renews the hold this often while the reviewer works (the server holds an item for 10 minutes). */
const HOLD_RENEW_MS = 4 * 60_000;

type HoldState = { kind: 'pending' } | { kind: 'held'; until: string } | { kind: 'other' } | { kind: 'failed'; error: unknown };

/** Holds the item while the page is open on a waiting one: at once, on each step, and every few minutes. */
function useHold(id: string, active: boolean, step: string, onDecided: () => void): HoldState {
  const [state, setState] = useState<HoldState>({ kind: 'pending' });
  const decided = useRef(onDecided);
  decided.current = onDecided;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step renews the hold.
  useEffect(() => {
    if (!active) return;
    let live = true;
    const renew = () =>
      holdReview(id).then(
        (held) => live && setState({ kind: 'held', until: held.held_until ?? '' }),
        (error: unknown) => {
          if (!live) return;
          const code = error instanceof ApiError ? (error.body as { code?: string } | null)?.code : undefined;
          if (code === 'evidence_already_reviewed') decided.current();
          setState(code === 'possession_verification_held' ? { kind: 'other' } : { kind: 'failed', error });
        },
      );
    void renew();
    const timer = setInterval(renew, HOLD_RENEW_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [id, active, step]);
  return state;
}

/**
 * /backoffice/v2/insurance-verification/{verificationId}/{step}: one proof of possession, held for the reviewer,
 * in four steps (frame number, plate, receipt, summary). Keyboard first: M matches, D differs, N next step,
 * P previous step, S skip; on the summary A approves and R rejects. Focus moves to each step's heading.
 */
export function ReviewPage() {
  const { verificationId = '', step: given = '' } = useParams();
  const step = (REVIEW_STEPS as readonly string[]).includes(given) ? (given as ReviewStep) : null;
  if (!step) return <Navigate to={stepPath(verificationId, 'frame-number')} replace />;
  return <Review key={verificationId} id={verificationId} step={step} />;
}

function Review({ id, step }: { id: string; step: ReviewStep }) {
  const { t, i18n } = useTranslation(['backoffice-verification', 'bike-terms']);
  const navigate = useNavigate();
  const review = usePossessionReview(id);
  const waiting = review.data?.verification.status === 'submitted';
  // A revisor reads the item without holding it: only those who may decide take it from the queue.
  const canChange = useCanChange();
  const hold = useHold(id, waiting && canChange, step, () => void review.refetch());
  const checks = useReviewDraft((s) => s.checks[id]) ?? {};
  const setCheck = useReviewDraft((s) => s.setCheck);
  const skip = useReviewDraft((s) => s.skip);
  const heading = useRef<HTMLHeadingElement>(null);
  const [leaving, setLeaving] = useState(false);

  // Each step starts with focus on its heading, so a screen reader says where the reviewer is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the step or the item's first answer changes.
  useEffect(() => {
    heading.current?.focus();
  }, [step, review.isSuccess]);

  const index = REVIEW_STEPS.indexOf(step);
  const go = useCallback(
    (to: number) => {
      const target = REVIEW_STEPS[to];
      if (target) navigate(stepPath(id, target));
    },
    [id, navigate],
  );
  const skipItem = useCallback(async () => {
    setLeaving(true);
    skip(id);
    try {
      await releaseReview(id);
    } finally {
      navigate(QUEUE_PATH, { state: { decided: 'skipped' } });
    }
  }, [id, navigate, skip]);

  // The step's questions: M and D answer the first still open; the answer that completes a step moves on.
  const own = step === 'summary' ? [] : STEP_CHECKS[step];
  const answer = useCallback(
    (check: ReviewCheck, result: CheckResult) => {
      const open = own.filter((c) => checks[c] === undefined);
      setCheck(id, check, result);
      if (open.length === 1 && open[0] === check) go(index + 1);
    },
    [own, checks, setCheck, id, go, index],
  );
  const canAct = waiting && hold.kind === 'held';
  const firstOpen = own.find((c) => checks[c] === undefined);
  useShortcuts({
    n: () => go(index + 1),
    p: () => go(index - 1),
    s: () => canAct && void skipItem(),
    m: () => canAct && firstOpen && answer(firstOpen, 'matches'),
    d: () => canAct && firstOpen && answer(firstOpen, 'differs'),
  });

  if (review.isPending) return <Loading />;
  if (review.isError) {
    if (review.error instanceof ApiError && review.error.status === 404) {
      return (
        <div className="backoffice">
          <PageTitle>{t('review.notFound')}</PageTitle>
          <Link to={QUEUE_PATH}>{t('review.back')}</Link>
        </div>
      );
    }
    return <LoadError error={review.error} onRetry={() => void review.refetch()} retrying={review.isFetching} />;
  }
  const data = review.data;
  const v = data.verification;
  const bike = [v.bike.brand, v.bike.model].filter(Boolean).join(' ') || t('bike-terms:unnamed');
  const readOnly = !canAct;
  const shown: ReviewChecks = waiting ? checks : data.checks;

  return (
    <div className="backoffice backoffice-wide review-page">
      <p>
        <Link to={QUEUE_PATH}>
          <span aria-hidden="true">← </span>
          {t('review.back')}
        </Link>
      </p>
      <PageTitle title={t('review.title', { bike })}>{t('review.title', { bike })}</PageTitle>
      <p className="muted">
        {t('review.about', {
          insurer: v.insurer.name,
          owner: `${v.details.first_name} ${v.details.last_name}`,
          date: formatDate(v.created_at, i18n.resolvedLanguage),
        })}
      </p>
      <HoldLine canChange={canChange} review={data} hold={hold} />
      <nav aria-label={t('review.stepsLabel')}>
        <ol className="review-steps">
          {REVIEW_STEPS.map((s, i) => {
            const results = s === 'summary' ? [] : STEP_CHECKS[s].map((c) => shown[c]);
            const done = results.length > 0 && results.every((r) => r !== undefined);
            const differs = results.includes('differs');
            return (
              <li key={s} className={s === step ? 'review-step-current' : undefined}>
                <Link to={stepPath(id, s)} aria-current={s === step ? 'step' : undefined}>
                  <span className="review-step-number" aria-hidden="true">
                    {i + 1}
                  </span>
                  {t(`steps.${s}`)}
                  {done && (
                    <span className={`review-step-mark${differs ? ' review-step-mark-differs' : ''}`}>
                      <span aria-hidden="true">{differs ? ' ✗' : ' ✓'}</span>
                      <span className="visually-hidden"> ({differs ? t('results.differs') : t('review.stepDone')})</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
      <section className="card review-step" aria-labelledby="review-step-title">
        <h2 id="review-step-title" ref={heading} tabIndex={-1}>
          {t('review.stepOf', { n: index + 1, total: REVIEW_STEPS.length, name: t(`steps.${step}`) })}
        </h2>
        {step === 'frame-number' && (
          <FrameNumberStep review={data} checks={shown} answer={answer} readOnly={readOnly} firstOpen={firstOpen} />
        )}
        {step === 'verify-plate-id' && <PlateStep review={data} checks={shown} answer={answer} readOnly={readOnly} firstOpen={firstOpen} />}
        {step === 'verify-receipt' && (
          <ReceiptStep review={data} checks={shown} answer={answer} readOnly={readOnly} firstOpen={firstOpen} />
        )}
        {step === 'summary' && <SummaryStep review={data} checks={shown} canAct={canAct} />}
      </section>
      <div className="review-actions">
        <Button variant="secondary" disabled={index === 0} onClick={() => go(index - 1)} aria-keyshortcuts="P">
          {t('review.previous')} <Kbd>P</Kbd>
        </Button>
        {canAct && (
          <Button variant="secondary" onClick={() => void skipItem()} busy={leaving} aria-keyshortcuts="S">
            {t('review.skip')} <Kbd>S</Kbd>
          </Button>
        )}
        {step !== 'summary' && (
          <Button onClick={() => go(index + 1)} aria-keyshortcuts="N">
            {t('review.nextStep')} <Kbd>N</Kbd>
          </Button>
        )}
      </div>
    </div>
  );
}

function HoldLine({ review, hold, canChange }: { review: PossessionReview; hold: HoldState; canChange: boolean }) {
  const { t, i18n } = useTranslation('backoffice-verification');
  const v = review.verification;
  if (v.status !== 'submitted') {
    return (
      <Alert tone={v.status === 'approved' ? 'success' : 'warning'}>
        {t(`review.decided.${v.status}`, {
          who: review.reviewer_email ?? t('queue.someone'),
          when: formatDateTime(v.reviewed_at, i18n.resolvedLanguage),
        })}
        {v.rejection_reason && ` ${t('reason', { reason: v.rejection_reason })}`}
      </Alert>
    );
  }
  if (!canChange) return <ReadOnlyNote />;
  if (hold.kind === 'other') {
    return (
      <Alert tone="warning">
        {t('hold.other', { who: review.hold?.email ?? t('queue.someone') })} <Link to={QUEUE_PATH}>{t('hold.takeAnother')}</Link>
      </Alert>
    );
  }
  if (hold.kind === 'failed') {
    const failure = readApiError(hold.error, t);
    return <Alert>{failure.kind === 'message' ? failure.text : t('errors:server_error')}</Alert>;
  }
  return (
    <p className="muted review-hold" role="status">
      {hold.kind === 'held'
        ? t('hold.until', { time: formatMoment(hold.until, i18n.resolvedLanguage, { timeStyle: 'short' }) ?? '' })
        : t('hold.taking')}
    </p>
  );
}
