import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safePath } from '../lib/access';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FormCard, PageTitle } from '../ui/page';
import { useResendVerification } from './use-resend-verification';
import './identity.css';

const STEPS = ['step1', 'step2', 'step3'] as const;

/** §2 /app/redirects/signup-complete?region=dk|no: the welcome after sign-up, with the region's next steps. */
export function SignupCompletePage() {
  const { t } = useTranslation('identity');
  const [params] = useSearchParams();
  const region = params.get('region') === 'no' ? 'no' : 'dk';
  // Where the visitor was going when they were asked to sign up (only a path on this site).
  const next = safePath(params.get('next'));
  // The access guard lets only a signed-in user reach this page.
  const email = useSession()?.email ?? '';
  const resend = useResendVerification();
  // A social provider may have vouched for the address already: then there is no mail to wait for.
  const [verified, setVerified] = useState(false);
  useEffect(() => {
    api<{ email_verified: boolean }>('/identities/me').then(
      (profile) => setVerified(profile.email_verified),
      () => undefined,
    );
  }, []);

  return (
    <FormCard>
      <PageTitle>{t('signupComplete.title')}</PageTitle>
      <p className="address">{verified ? t('signupComplete.verified', { email }) : t('signupComplete.mailSent', { email })}</p>
      <h2>{t('signupComplete.nextTitle')}</h2>
      <ol className="next-steps">
        {STEPS.map((step) => (
          <li key={step}>{t(`signupComplete.${region}.${step}`)}</li>
        ))}
      </ol>
      {resend.state.kind === 'sent' && <Alert tone="success">{t('signupComplete.resent', { email: resend.state.to })}</Alert>}
      {resend.state.kind === 'failed' && <Alert tone="info">{resend.state.text}</Alert>}
      <div className="actions">
        {next && (
          <Link to={next} className="btn btn-primary">
            {t('signupComplete.continue')}
          </Link>
        )}
        <Link to="/app" className={next ? 'btn btn-secondary' : 'btn btn-primary'}>
          {t('toApp')}
        </Link>
        {!verified && (
          <Button variant="secondary" busy={resend.state.kind === 'sending'} onClick={() => void resend.send()}>
            {t('signupComplete.resend')}
          </Button>
        )}
      </div>
    </FormCard>
  );
}
