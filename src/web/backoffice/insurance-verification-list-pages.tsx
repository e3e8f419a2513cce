import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EVIDENCE_STATUSES, type EvidenceStatus } from '../../domain/insurance-evidence';
import type { ReviewQueueItem } from '../../domain/possession-review';
import { formatDateTime } from '../lib/intl';
import { Button } from '../ui/button';
import { SelectField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useReviewInsurers, useReviewQueue } from './insurance-verification-api';
import { stepPath } from './insurance-verification-paths';
import './insurance-verification.css';

// /backoffice/insurance-verification: the insurers and the proofs of possession waiting for each;
// /backoffice/insurance-verification/{insurerPartyId}: one insurer's queue, waiting first, paged and filtered on the
// server (?status=&offset= in the address). Reviewing happens one at a time in /backoffice/v2/insurance-verification.

export function InsurersPage() {
  const { t } = useTranslation('backoffice-verification');
  const insurers = useReviewInsurers();
  return (
    <div className="backoffice backoffice-wide">
      <PageTitle>{t('insurers.title')}</PageTitle>
      <p className="backoffice-lead">{t('insurers.lead')}</p>
      <p>
        <Link to="/backoffice/v2/insurance-verification" className="btn btn-primary">
          {t('insurers.start')}
        </Link>
      </p>
      {insurers.isPending ? (
        <Loading />
      ) : insurers.isError ? (
        <LoadError error={insurers.error} onRetry={() => void insurers.refetch()} retrying={insurers.isFetching} />
      ) : insurers.data.length === 0 ? (
        <p className="muted">{t('insurers.none')}</p>
      ) : (
        <table className="review-table">
          <caption className="visually-hidden">{t('insurers.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('insurers.insurer')}</th>
              <th scope="col" className="review-number">
                {t('insurers.waiting')}
              </th>
              <th scope="col" className="review-number">
                {t('insurers.decided')}
              </th>
            </tr>
          </thead>
          <tbody>
            {insurers.data.map((insurer) => (
              <tr key={insurer.party_id}>
                <th scope="row">
                  <Link to={`/backoffice/insurance-verification/${encodeURIComponent(insurer.party_id)}`}>{insurer.name}</Link>
                </th>
                <td className="review-number">{insurer.waiting}</td>
                <td className="review-number">{insurer.decided}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

const PAGE = 20;

export function InsurerQueuePage() {
  const { t } = useTranslation('backoffice-verification');
  const { insurerPartyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const given = params.get('status') ?? '';
  const status = (EVIDENCE_STATUSES as readonly string[]).includes(given) ? (given as EvidenceStatus) : undefined;
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const queue = useReviewQueue(insurerPartyId, status, offset);

  const go = (next: { status?: string; offset?: number }) => {
    const search = new URLSearchParams();
    const s = next.status ?? status ?? '';
    if (s) search.set('status', s);
    if (next.offset) search.set('offset', String(next.offset));
    setParams(search);
  };

  return (
    <div className="backoffice backoffice-wide">
      <p>
        <Link to="/backoffice/insurance-verification">
          <span aria-hidden="true">← </span>
          {t('queue.back')}
        </Link>
      </p>
      <PageTitle title={queue.data?.insurer.name ?? t('queue.title')}>{queue.data?.insurer.name ?? t('queue.title')}</PageTitle>
      <div className="review-filter">
        <SelectField
          label={t('queue.status')}
          value={status ?? ''}
          onChange={(e) => go({ status: e.target.value, offset: 0 })}
          options={[{ value: '', label: t('queue.anyStatus') }, ...EVIDENCE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        />
      </div>
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <LoadError error={queue.error} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
      ) : queue.data.items.length === 0 ? (
        <p className="muted">{t('queue.none')}</p>
      ) : (
        <>
          <QueueTable items={queue.data.items} />
          <nav className="review-pager" aria-label={t('queue.pages')}>
            <span className="muted">
              {t('queue.shown', { from: offset + 1, to: offset + queue.data.items.length, total: queue.data.total })}
            </span>
            <Button variant="secondary" disabled={offset === 0} onClick={() => go({ offset: Math.max(0, offset - PAGE) })}>
              {t('queue.previous')}
            </Button>
            <Button
              variant="secondary"
              disabled={queue.data.next_offset === null}
              onClick={() => go({ offset: queue.data.next_offset ?? offset })}
            >
              {t('queue.next')}
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

function QueueTable({ items }: { items: ReviewQueueItem[] }) {
  const { t, i18n } = useTranslation(['backoffice-verification', 'bike-terms']);
  const when = (value: string) => formatDateTime(value, i18n.resolvedLanguage);
  return (
    <table className="review-table">
      <caption className="visually-hidden">{t('queue.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('queue.sent')}</th>
          <th scope="col">{t('queue.bike')}</th>
          <th scope="col">{t('queue.owner')}</th>
          <th scope="col">{t('queue.state')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('queue.open')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const bike = [item.bike.brand, item.bike.model].filter(Boolean).join(' ') || t('bike-terms:unnamed');
          return (
            <tr key={item.id}>
              <td>{when(item.created_at)}</td>
              <td>
                {bike}
                {item.bike.frame_number && <span className="review-mono muted"> · {item.bike.frame_number}</span>}
              </td>
              <td>{item.owner_name}</td>
              <td>
                <span className={`review-status review-status-${item.status}`}>{t(`status.${item.status}`)}</span>
                {item.status !== 'submitted' && item.reviewed_at && (
                  <span className="muted review-small">
                    {' '}
                    {t('queue.decidedBy', { who: item.reviewer_email ?? t('queue.someone'), when: when(item.reviewed_at) })}
                  </span>
                )}
                {item.rejection_reason && (
                  <span className="review-small review-block">{t('reason', { reason: item.rejection_reason })}</span>
                )}
                {item.hold && (
                  <span className="review-small review-block">
                    {item.hold.mine ? t('hold.mine') : t('hold.other', { who: item.hold.email ?? t('queue.someone') })}
                  </span>
                )}
              </td>
              <td>
                <Link to={stepPath(item.id, item.status === 'submitted' ? 'frame-number' : 'summary')}>
                  {item.status === 'submitted' ? t('queue.review') : t('queue.see')}
                  <span className="visually-hidden"> {t('queue.ofOwner', { owner: item.owner_name })}</span>
                </Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
