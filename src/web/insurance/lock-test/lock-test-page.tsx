import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LockTest } from '../../../domain/insurance-evidence';
import { readApiError } from '../../lib/errors';
import { formatDate } from '../../lib/intl';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/field';
import { LoadError } from '../../ui/load-error';
import { PageTitle } from '../../ui/page';
import { Loading } from '../../ui/spinner';
import { useLockTest, useReviewLockTest } from '../evidence-api';
import { StatusLabel } from '../evidence-parts';
import { refusal } from '../gate';

/**
 * /insurance/{insurerPartyId}/lock-test-portal/{lockTestResponseId}: a lock test's answers, read-only with its status
 * for the owner; the insurer's members approve it or reject it with a reason while it waits.
 */
export function LockTestPage() {
  const { t, i18n } = useTranslation(['insurance-evidence', 'bike-terms']);
  const { insurerPartyId = '', lockTestResponseId = '' } = useParams();
  const test = useLockTest(insurerPartyId, lockTestResponseId);
  if (test.isPending) return <Loading />;
  if (!test.data) {
    if (refusal(test.error)) return refusal(test.error);
    return <LoadError error={test.error} onRetry={() => void test.refetch()} />;
  }
  const answer = test.data;
  const language = i18n.resolvedLanguage;
  const yes = (value: boolean) => (value ? t('yes') : t('no'));
  const facts: [string, string][] = [
    [t('lock.bike'), answer.bike ? [answer.bike.brand, answer.bike.model, answer.bike.frame_number].filter(Boolean).join(' · ') : '—'],
    [t('contact.policy_id'), answer.policy_number ?? '—'],
    [t('contact.email'), answer.email],
    [t('lock.lock_type'), t(`bike-terms:lock.${answer.lock_type}`, { defaultValue: answer.lock_type })],
    [t('lock.brand'), answer.brand],
    [t('lock.model'), answer.model ?? '—'],
    [t('lock.key_number'), answer.key_number ?? '—'],
    [t('lock.varefakta_number'), answer.varefakta_number ?? '—'],
    [t('lock.certificate_date'), answer.certificate_date ? formatDate(answer.certificate_date, language) : '—'],
    [t('lock.frame_number_matches'), yes(answer.frame_number_matches)],
    [t('lock.stamped_by_dealer'), yes(answer.stamped_by_dealer)],
    [t('lock.sentOn'), formatDate(answer.created_at, language)],
  ];
  return (
    <div className="evidence-page">
      <p>
        <Link to={`/insurance/${encodeURIComponent(insurerPartyId)}/lock-test-portal`}>
          <span aria-hidden="true">← </span>
          {t('lock.back')}
        </Link>
      </p>
      <PageTitle>{t('lock.answersTitle')}</PageTitle>
      <p>
        <StatusLabel status={answer.status} />
      </p>
      {answer.rejection_reason && <Alert tone="warning">{t('reason', { reason: answer.rejection_reason })}</Alert>}
      <section className="card" aria-labelledby="lock-answers">
        <h2 id="lock-answers">{t('lock.lockTitle')}</h2>
        <dl className="evidence-facts">
          {facts.map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {answer.certificate && (
          <p>
            <a href={answer.certificate.url} download={answer.certificate.file_name}>
              {t('lock.downloadCertificate', { name: answer.certificate.file_name })}
            </a>
          </p>
        )}
      </section>
      {answer.can_review && <Review insurerPartyId={insurerPartyId} test={answer} />}
    </div>
  );
}

function Review({ insurerPartyId, test }: { insurerPartyId: string; test: LockTest }) {
  const { t } = useTranslation('insurance-evidence');
  const review = useReviewLockTest(insurerPartyId, test.id);
  const [reason, setReason] = useState('');
  const failure = review.isError ? readApiError(review.error, t) : null;
  return (
    <section className="card evidence-review" aria-labelledby="lock-review">
      <h2 id="lock-review">{t('review.title')}</h2>
      <p>{t('review.lead')}</p>
      <TextAreaField
        label={t('review.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={1000}
        error={failure?.kind === 'message' && failure.field === 'reason' ? failure.text : undefined}
      />
      {failure?.kind === 'message' && failure.field !== 'reason' && <Alert>{failure.text}</Alert>}
      <div className="actions">
        <Button
          busy={review.isPending && review.variables?.decision === 'approved'}
          disabled={review.isPending}
          onClick={() => review.mutate({ decision: 'approved', reason: null })}
        >
          {t('review.approve')}
        </Button>
        <Button
          variant="secondary"
          busy={review.isPending && review.variables?.decision === 'rejected'}
          disabled={review.isPending}
          onClick={() => review.mutate({ decision: 'rejected', reason })}
        >
          {t('review.reject')}
        </Button>
      </div>
    </section>
  );
}
