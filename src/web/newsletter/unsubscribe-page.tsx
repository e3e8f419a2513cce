import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FormCard, PageTitle } from '../ui/page';
import './newsletter.css';

/**
 * /newsletter/unsubscribe?token=…: the link in every newsletter mail. One click on its button unsubscribes; opening
 * the page alone changes nothing (mail systems open links to check them).
 */
export function NewsletterUnsubscribePage() {
  const { t } = useTranslation('newsletter');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('errors:newsletter_link_invalid'));

  const unsubscribe = async () => {
    setBusy(true);
    setError(null);
    try {
      await api(`/newsletter/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' });
      setDone(true);
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:newsletter_link_invalid'));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <FormCard>
        <PageTitle>{t('unsubscribe.doneTitle')}</PageTitle>
        <p role="status">{t('unsubscribe.done')}</p>
        <p>
          <Link to="/signup/newsletter">{t('unsubscribe.again')}</Link>
        </p>
      </FormCard>
    );
  }
  return (
    <FormCard>
      <PageTitle>{t('unsubscribe.title')}</PageTitle>
      <p>{t('unsubscribe.lead')}</p>
      {error && <Alert>{error}</Alert>}
      <Button block busy={busy} disabled={!token} onClick={() => void unsubscribe()}>
        {t('unsubscribe.button')}
      </Button>
    </FormCard>
  );
}
