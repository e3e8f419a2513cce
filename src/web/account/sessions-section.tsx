import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { useSessionStore } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/** Log out everywhere: every login of the account ends, this one too (the server retires every token issued until now). */
export function SessionsSection() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const logOutEverywhere = async () => {
    setBusy(true);
    setError(null);
    try {
      await api<null>('/identities/authentications/all', { method: 'DELETE' });
      useSessionStore.getState().logOut();
      navigate('/login');
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
      setBusy(false);
    }
  };
  return (
    <section className="card settings-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('sessions.title')}</h2>
      <p>{t('sessions.body')}</p>
      {error && <Alert>{error}</Alert>}
      <Button variant="secondary" busy={busy} onClick={() => void logOutEverywhere()}>
        {t('sessions.logOutEverywhere')}
      </Button>
    </section>
  );
}
