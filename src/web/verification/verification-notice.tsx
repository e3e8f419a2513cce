import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../ui/alert';
import { outcomeOf, type VerificationOutcome } from './verification-api';

/**
 * What came of a trip through the national ID provider, on the page the user returned to. The outcome
 * travels in the router state; it is taken out of the history entry, so a reload does not repeat it.
 */
export function VerificationNotice() {
  const { t } = useTranslation('verification');
  const location = useLocation();
  const navigate = useNavigate();
  const [outcome] = useState<VerificationOutcome | null>(() => outcomeOf(location.state));

  useEffect(() => {
    if (outcomeOf(location.state)) navigate(location.pathname + location.search + location.hash, { replace: true, state: null });
  }, [location, navigate]);

  if (!outcome) return null;
  if (outcome.kind === 'failed') return <Alert title={t('notice.failedTitle')}>{outcome.message}</Alert>;
  const provider = t(`provider.${outcome.provider ?? 'any'}`);
  if (outcome.kind === 'cancelled') return <Alert tone="info">{t('notice.cancelled', { provider })}</Alert>;
  return <Alert tone="success">{t(`notice.${outcome.kind}`, { provider })}</Alert>;
}
