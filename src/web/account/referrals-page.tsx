import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useReferrals } from './referrals-api';
import './account.css';

type Copied = 'idle' | 'copied' | 'failed';

/** /app/referencing: my referral link, to copy or share, and how many friends signed up through it (issue 15). */
export function ReferralsPage() {
  const { t } = useTranslation('account', { keyPrefix: 'referrals.page' });
  const referrals = useReferrals();
  const [copied, setCopied] = useState<Copied>('idle');

  if (referrals.isPending) return <Loading />;
  if (referrals.isError) {
    return (
      <>
        <PageTitle>{t('title')}</PageTitle>
        <LoadError error={referrals.error} onRetry={() => void referrals.refetch()} retrying={referrals.isFetching} />
      </>
    );
  }
  const { link, code, friends_signed_up: signedUp, friends_verified: verified } = referrals.data;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  // The phone's own share sheet, where the browser has one.
  const canShare = typeof navigator.share === 'function';
  const share = () => navigator.share({ title: t('title'), text: t('shareText'), url: link }).catch(() => undefined);

  return (
    <div className="account referrals">
      <PageTitle>{t('title')}</PageTitle>
      <p className="account-lead">{t('lead')}</p>
      <section className="card">
        <TextField label={t('linkLabel')} readOnly value={link} hint={t('code', { code })} onFocus={(e) => e.currentTarget.select()} />
        <div className="actions">
          <Button onClick={() => void copy()}>{t('copy')}</Button>
          {canShare && (
            <Button variant="secondary" onClick={() => void share()}>
              {t('share')}
            </Button>
          )}
        </div>
        {copied === 'copied' && <Alert tone="success">{t('copied')}</Alert>}
        {copied === 'failed' && <Alert tone="warning">{t('copyFailed')}</Alert>}
      </section>
      <section className="card" aria-labelledby="referral-stats-title">
        <h2 id="referral-stats-title">{t('statsTitle')}</h2>
        <dl className="summary">
          <div>
            <dt>{t('signedUp')}</dt>
            <dd data-testid="friends-signed-up">{signedUp}</dd>
          </div>
          <div>
            <dt>{t('verified')}</dt>
            <dd data-testid="friends-verified">{verified}</dd>
          </div>
        </dl>
      </section>
      <section className="card" aria-labelledby="referral-reward-title">
        <h2 id="referral-reward-title">{t('rewardTitle')}</h2>
        <p>{t('reward')}</p>
      </section>
      <p>
        <Link to="/app">{t('back')}</Link>
      </p>
    </div>
  );
}
