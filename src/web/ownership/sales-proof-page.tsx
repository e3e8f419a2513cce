import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { SalesProof } from '../../domain/ownership';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDate, formatDateTime } from '../lib/intl';
import { PublicBikeCard } from '../search/public-bike-card';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { fetchSalesProof } from './sales-proof-api';
import './sales.css';

type State =
  | { kind: 'loading' }
  | { kind: 'done'; proof: SalesProof }
  | { kind: 'expired' }
  | { kind: 'unknown' }
  | { kind: 'failed'; text: string };

/**
 * /for-sale/{linkId} (public): the proof behind a sales ad, checked when opened: the bike's public card,
 * "registered to an ID-verified owner · not reported stolen · checked <when>". A link that no longer holds
 * shows only that it has expired. Plain fetch, no query library: a public page's first load stays small.
 */
export function SalesProofPage() {
  const { t } = useTranslation(['sales', 'errors']);
  const linkId = useParams().linkId ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchSalesProof(linkId, controller.signal).then(
      (proof) => setState({ kind: 'done', proof }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 410) return setState({ kind: 'expired' });
        if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return setState({ kind: 'unknown' });
        const outcome = readApiError(error, t);
        setState({ kind: 'failed', text: outcome.kind === 'message' ? outcome.text : t('errors:server_error') });
      },
    );
    return () => controller.abort();
  }, [linkId, attempt, t]);

  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'failed') {
    return (
      <div className="sales-proof-page">
        <PageTitle>{t('proof.failedTitle')}</PageTitle>
        <Alert>
          <p>{state.text}</p>
          <Button variant="secondary" className="btn-small" onClick={() => setAttempt((n) => n + 1)}>
            {t('proof.retry')}
          </Button>
        </Alert>
      </div>
    );
  }
  if (state.kind !== 'done') {
    const expired = state.kind === 'expired';
    return (
      <div className="sales-proof-page">
        <PageTitle>{expired ? t('proof.expiredTitle') : t('proof.unknownTitle')}</PageTitle>
        <Alert tone="warning">{expired ? t('proof.expired') : t('proof.unknown')}</Alert>
        <p>{t('proof.searchHint')}</p>
        <Link to="/search" className="btn btn-primary">
          {t('proof.search')}
        </Link>
      </div>
    );
  }
  return <Proof proof={state.proof} />;
}

function Proof({ proof }: { proof: SalesProof }) {
  const { t, i18n } = useTranslation('sales');
  const language = i18n.resolvedLanguage;
  const verified = proof.owner_id_verified;
  return (
    <div className="sales-proof-page">
      <p className="sales-proof-kicker">{t('proof.kicker')}</p>
      <PageTitle>{t('proof.title')}</PageTitle>
      <section className={`sales-proof ${verified ? 'sales-proof-verified' : 'sales-proof-plain'}`} aria-labelledby="sales-proof-facts">
        <h2 id="sales-proof-facts" className="sales-proof-line">
          <span className="sales-proof-mark" aria-hidden="true">
            {verified ? '✓' : 'i'}
          </span>
          <span>
            {verified ? t('proof.ownerVerified') : t('proof.ownerNotVerified')} · {t('proof.notStolen')} ·{' '}
            {t('proof.checked', { date: formatDateTime(proof.checked_at, language) })}
          </span>
        </h2>
        <ul className="sales-proof-more">
          {proof.ownership_verified && <li>{t('proof.ownershipVerified')}</li>}
          <li>{t('proof.since', { date: formatDate(proof.registered_since, language) })}</li>
          <li>{t('proof.validUntil', { date: formatDateTime(proof.expires_at, language) })}</li>
        </ul>
      </section>
      <PublicBikeCard bike={proof.bike} headingLevel={2} />
      <section className="sales-proof-advice" aria-labelledby="sales-advice-title">
        <h2 id="sales-advice-title">{t('proof.adviceTitle')}</h2>
        <ul>
          <li>{t('proof.adviceCompare')}</li>
          <li>{t('proof.adviceTransfer')}</li>
          <li>{t('proof.advicePrivacy')}</li>
        </ul>
      </section>
    </div>
  );
}
