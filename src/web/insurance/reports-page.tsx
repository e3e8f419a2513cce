import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ClaimSummary } from '../../domain/insurance';
import { CLAIM_STATUSES, type ClaimStatus } from '../../domain/insurance-claims';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { SelectField, TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { ClaimItem } from './claim-item';
import { adminPath, claimPath, refusal } from './gate';
import { type ClaimFilters, useClaims } from './insurance-api';
import './insurance.css';

/** The filters kept in the page's address (?status=&from=&to=&q=), so a filtered list can be linked and reloaded. */
function filtersOf(params: URLSearchParams): ClaimFilters {
  const status = params.get('status');
  return {
    status: (CLAIM_STATUSES as readonly string[]).includes(status ?? '') ? (status as ClaimStatus) : undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    q: params.get('q') || undefined,
  };
}

/** /insurance/{insurerPartyId}/admin/reports: the insurer's claims, filtered and paged on the server. */
export function InsuranceReportsPage() {
  const { t } = useTranslation('insurance');
  const { insurerPartyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  return (
    <div className="insurance-page">
      <p>
        <Link to={adminPath(insurerPartyId)}>← {t('reports.back')}</Link>
      </p>
      <PageTitle>{t('reports.title')}</PageTitle>
      <Filters
        key={params.toString()}
        filters={filters}
        onApply={(next) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>)}
      />
      <ClaimsList owner={insurerPartyId} filters={filters} linkOf={(c) => claimPath(insurerPartyId, c.id)} showOwner />
    </div>
  );
}

/** /insurance/self/admin/reports: the signed-in owner's own claims and their states. */
export function OwnClaimsPage() {
  const { t } = useTranslation('insurance');
  return (
    <div className="insurance-page">
      <PageTitle>{t('own.title')}</PageTitle>
      <p className="insurance-lead">{t('own.lead')}</p>
      <ClaimsList owner="self" filters={{}} linkOf={(c) => (c.bike_id ? `/app/my-bikes/${c.bike_id}` : null)} showOwner={false} />
    </div>
  );
}

function Filters({ filters, onApply }: { filters: ClaimFilters; onApply: (filters: ClaimFilters) => void }) {
  const { t } = useTranslation('insurance');
  const [draft, setDraft] = useState(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q?.trim() || undefined });
  };
  return (
    <form className="card insurance-filters" onSubmit={submit} aria-label={t('reports.filters')}>
      <SelectField
        label={t('reports.status')}
        value={draft.status ?? ''}
        onChange={(e) => setDraft({ ...draft, status: (e.target.value || undefined) as ClaimStatus | undefined })}
        options={[{ value: '', label: t('reports.anyStatus') }, ...CLAIM_STATUSES.map((s) => ({ value: s, label: t(`claimStatus.${s}`) }))]}
      />
      <TextField
        label={t('reports.from')}
        type="date"
        value={draft.from ?? ''}
        onChange={(e) => setDraft({ ...draft, from: e.target.value || undefined })}
      />
      <TextField
        label={t('reports.to')}
        type="date"
        value={draft.to ?? ''}
        onChange={(e) => setDraft({ ...draft, to: e.target.value || undefined })}
      />
      <TextField
        label={t('reports.text')}
        type="search"
        maxLength={100}
        value={draft.q ?? ''}
        onChange={(e) => setDraft({ ...draft, q: e.target.value })}
      />
      <Button type="submit">{t('reports.apply')}</Button>
    </form>
  );
}

function ClaimsList({
  owner,
  filters,
  linkOf,
  showOwner,
}: {
  owner: string;
  filters: ClaimFilters;
  linkOf: (claim: ClaimSummary) => string | null;
  showOwner: boolean;
}) {
  const { t } = useTranslation('insurance');
  const claims = useClaims(owner, filters);
  if (claims.isPending) return <Loading />;
  if (!claims.data)
    return refusal(claims.error) ?? <LoadError error={claims.error} onRetry={() => void claims.refetch()} retrying={claims.isFetching} />;
  const items = claims.data.pages.flatMap((page) => page.items);
  const total = claims.data.pages.at(-1)?.total ?? items.length;
  return (
    <section className="insurance-reports" aria-label={t('reports.title')}>
      {items.length === 0 ? (
        <p>{t('reports.empty')}</p>
      ) : (
        <>
          <ul className="insurance-list">
            {items.map((claim) => (
              <ClaimItem key={claim.id} claim={claim} to={linkOf(claim)} showOwner={showOwner} />
            ))}
          </ul>
          <p className="muted">{t('list.shown', { shown: items.length, total })}</p>
        </>
      )}
      {claims.isFetchNextPageError && <Alert>{t('list.moreFailed')}</Alert>}
      {claims.hasNextPage && (
        <Button variant="secondary" onClick={() => void claims.fetchNextPage()} busy={claims.isFetchingNextPage}>
          {t('list.more')}
        </Button>
      )}
    </section>
  );
}
