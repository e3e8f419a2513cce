import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { isApprovalRequired, useStepUp } from '../verification/step-up';
import { useReportFound } from './theft-api';

/**
 * "My bike is found" (§4): reporting found deletes the report and the stolen mark, and needs the owner's
 * approval with national ID (act report_found, bound to this bike). The provider sends the user back
 * with ?found=approved&approval_id=…; the owner confirms once more and the call carries the approval.
 */
export function FoundPanel({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation('theft');
  const navigate = useNavigate();
  const found = useReportFound(bikeId);
  const { approvePath, approvalId, provider, clear } = useStepUp({
    act: 'report_found',
    subjectId: bikeId,
    returnTo: `/app/my-bikes/${encodeURIComponent(bikeId)}/stolen-bike-report`,
    marker: { name: 'found' },
  });
  const expired = isApprovalRequired(found.error);
  const { hash } = useLocation();
  // "My bike is found" on the bike page links here with #found; the router does not scroll to it by itself.
  useEffect(() => {
    if (hash === '#found') document.getElementById('found')?.scrollIntoView();
  }, [hash]);
  const failure = found.isError && !expired ? readApiError(found.error, t) : null;

  if (approvalId) {
    return (
      <section className="card theft-found" id="found" aria-labelledby="found-title">
        <h2 id="found-title">{t('found.confirmTitle')}</h2>
        {/* The page's VerificationNotice says the approval went well; only an expired one is told here. */}
        {expired && <Alert>{t('found.expired')}</Alert>}
        {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
        <p>{t('found.what')}</p>
        <div className="actions">
          {expired ? (
            <Link to={approvePath} className="btn btn-primary">
              {t('found.approveAgain', { provider })}
            </Link>
          ) : (
            <Button
              busy={found.isPending || found.isSuccess}
              onClick={() =>
                found.mutate(approvalId, {
                  onSuccess: () => navigate(`/app/my-bikes/${encodeURIComponent(bikeId)}?found=done`, { replace: true }),
                })
              }
            >
              {t('found.confirm')}
            </Button>
          )}
          <Button variant="secondary" onClick={clear} disabled={found.isPending}>
            {t('cancel')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className="card theft-found" id="found" aria-labelledby="found-title">
      <h2 id="found-title">{t('found.title')}</h2>
      <p>{t('found.lead', { provider })}</p>
      <p className="muted">{t('found.what')}</p>
      <Link to={approvePath} className="btn btn-primary">
        {t('found.start', { provider })}
      </Link>
    </section>
  );
}
