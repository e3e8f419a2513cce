import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_RESET_TTL_MINUTES } from '../../domain/constants';
import { api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FormCard, PageTitle } from '../ui/page';
import './identity.css';

type Resend = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; text: string };

export function CheckMailPage() {
  const { t } = useTranslation('identity');
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const [resend, setResend] = useState<Resend>({ kind: 'idle' });

  const sendAgain = async () => {
    setResend({ kind: 'sending' });
    try {
      await api('/identities/authentications/password-resets', { method: 'POST', body: { email } });
      setResend({ kind: 'sent' });
    } catch (error) {
      // A 429 (too many attempts) arrives here with the server's text.
      const outcome = readApiError(error, t);
      setResend({ kind: 'failed', text: outcome.kind === 'message' ? outcome.text : t('errors:server_error') });
    }
  };

  return (
    <FormCard>
      <PageTitle>{t('checkMail.title')}</PageTitle>
      <p className="address">
        {email
          ? t('checkMail.body', { email, minutes: PASSWORD_RESET_TTL_MINUTES })
          : t('checkMail.bodyNoEmail', { minutes: PASSWORD_RESET_TTL_MINUTES })}
      </p>
      {email && (
        <>
          <p>{t('checkMail.notReceived')}</p>
          {resend.kind === 'sent' && <Alert tone="success">{t('checkMail.resent')}</Alert>}
          {resend.kind === 'failed' && <Alert>{resend.text}</Alert>}
          <Button variant="secondary" busy={resend.kind === 'sending'} onClick={() => void sendAgain()}>
            {t('checkMail.resend')}
          </Button>
        </>
      )}
      <p className="form-links">
        <Link to="/forgot-password">{t('checkMail.otherEmail')}</Link>
        <Link to="/login">{t('forgot.back')}</Link>
      </p>
    </FormCard>
  );
}
