import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';
import { NotFoundPage } from '../public/not-found-page';
import { FormCard, PageTitle } from '../ui/page';

// What the insurer's pages answer when the API refuses: 403 (not a member of this company) or 404 (not an
// insurance company of the register).

/** The §8 code of a failed call, if it has one. */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const code = (error.body as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

export function Refused() {
  const { t } = useTranslation('insurance');
  return (
    <FormCard>
      <PageTitle>{t('forbidden.title')}</PageTitle>
      <p>{t('forbidden.body')}</p>
      <Link to="/app" className="btn btn-primary">
        {t('forbidden.home')}
      </Link>
    </FormCard>
  );
}

/** The refusal to show for an error, or null when the page should offer to try again. */
export function refusal(error: unknown) {
  if (error instanceof ApiError && error.status === 403) return <Refused />;
  const code = errorCode(error);
  if (code === 'not_found' || code === 'claim_not_found' || code === 'insured_bike_not_found') return <NotFoundPage />;
  return null;
}

export const adminPath = (insurerPartyId: string) => `/insurance/${encodeURIComponent(insurerPartyId)}/admin`;
export const claimsPath = (insurerPartyId: string, status?: string) =>
  `${adminPath(insurerPartyId)}/reports${status ? `?status=${status}` : ''}`;
export const claimPath = (insurerPartyId: string, claimId: string) => `${adminPath(insurerPartyId)}/reports/${encodeURIComponent(claimId)}`;
