import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialIntent, SocialProvider, SocialStart } from '../../domain/social';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { socialProviders, startSocial } from './social';

interface SocialButtonsProps {
  intent: SocialIntent;
  /** Sign-up: what the new account needs (region, language, terms), or a message saying what is missing. */
  prepare?: () => { start: SocialStart; newsletter?: boolean } | { missing: string };
  /** The page's query, followed after the login (post_login_redirect). */
  search?: string;
}

/** "Continue with …" for each configured social sign-in provider; nothing when there is none. */
export function SocialButtons({ intent, prepare, search = '' }: SocialButtonsProps) {
  const { t } = useTranslation('identity');
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void socialProviders().then((list) => {
      if (active) setProviders(list);
    });
    return () => {
      active = false;
    };
  }, []);

  if (providers.length === 0) return null;

  const go = async (provider: SocialProvider) => {
    setError(null);
    const prepared = prepare ? prepare() : { start: { intent } };
    if ('missing' in prepared) {
      setError(prepared.missing);
      return;
    }
    setBusy(provider.id);
    try {
      await startSocial(provider, prepared.start, { search, newsletter: 'newsletter' in prepared && prepared.newsletter === true });
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
      setBusy(null);
    }
  };

  return (
    <section className="social-signin" aria-labelledby={`social-${intent}-title`}>
      <h2 id={`social-${intent}-title`} className="social-divider">
        <span>{intent === 'signup' ? t('social.orSignUp') : t('social.orLogIn')}</span>
      </h2>
      {error && <Alert>{error}</Alert>}
      {providers.map((provider) => (
        <Button key={provider.id} variant="secondary" block busy={busy === provider.id} onClick={() => void go(provider)}>
          {t('social.continueWith', { name: provider.name })}
        </Button>
      ))}
    </section>
  );
}
