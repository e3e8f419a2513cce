import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { useSessionStore } from '../lib/session-store';
import { Button } from '../ui/button';
import './switch-banner.css';

/** Every page says, while switched, whose account this is, and leads back to the one who switched (§6). */
export function SwitchBanner({ email }: { email: string }) {
  const { t } = useTranslation('backoffice');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const switchBack = async () => {
    setBusy(true);
    setError(null);
    try {
      const { authentication_token } = await api<{ authentication_token: string }>('/identities/switch-user/back', { method: 'POST' });
      useSessionStore.getState().setToken(authentication_token);
      navigate('/app');
    } catch (err) {
      const outcome = readApiError(err, t);
      // A switch that has run out (an hour) ends at the login page, by the §4 rule.
      if (outcome.kind === 'message') setError(outcome.text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="switch-banner" aria-label={t('banner.label')}>
      <div className="container switch-banner-inner">
        <p>
          <strong>{t('banner.actingAs', { email })}</strong> <span>{t('banner.logged')}</span>
        </p>
        <Button variant="secondary" className="btn-small" onClick={() => void switchBack()} busy={busy}>
          {t('banner.back')}
        </Button>
        {error && (
          <p className="switch-banner-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
