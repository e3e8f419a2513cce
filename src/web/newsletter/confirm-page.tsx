import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { FormCard, PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import './newsletter.css';

type State = { kind: 'confirming' } | { kind: 'confirmed' } | { kind: 'failed'; text: string };

/** /newsletter/confirm?token=…: the mailed link of the double opt-in; opening it confirms the subscription. */
export function NewsletterConfirmPage() {
  const { t } = useTranslation('newsletter');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A link without its token (cut short when copied) is no link to confirm.
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'confirming' } : { kind: 'failed', text: t('errors:newsletter_link_invalid') },
  );
  // One request per token, also when React runs the effect twice.
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    api(`/newsletter/confirmations/${encodeURIComponent(token)}`, { method: 'POST' }).then(
      () => setState({ kind: 'confirmed' }),
      (error: unknown) => {
        const outcome = readApiError(error, t);
        setState({ kind: 'failed', text: outcome.kind === 'message' ? outcome.text : t('errors:newsletter_link_invalid') });
      },
    );
  }, [token, t]);

  return (
    <FormCard>
      {state.kind === 'confirming' && (
        <>
          <PageTitle>{t('confirm.busy')}</PageTitle>
          <Loading />
        </>
      )}
      {state.kind === 'confirmed' && (
        <>
          <PageTitle>{t('confirm.title')}</PageTitle>
          <p>{t('confirm.body')}</p>
          <p className="muted">{t('confirm.unsubscribeHint')}</p>
          <p>
            <Link to="/">{t('toFrontPage')}</Link>
          </p>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <PageTitle>{t('confirm.failedTitle')}</PageTitle>
          <Alert>{state.text}</Alert>
          <p>
            <Link to="/signup/newsletter">{t('confirm.again')}</Link>
          </p>
        </>
      )}
    </FormCard>
  );
}
