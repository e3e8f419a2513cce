import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../lib/intl';
import { useProfile } from '../lib/profile';
import { ActingPartyCard } from '../organisations/acting-party-card';
import { Alert } from '../ui/alert';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { IdentityCard } from '../verification/identity-card';
import { VerificationNotice } from '../verification/verification-notice';
import { BikesCard } from './bikes-card';
import { LANGUAGE_NAMES } from './format';
import { VerifyBanner } from './verify-banner';
import './account.css';

// A tamper alarm of a dock's lock holding one of my bikes, with its one-tap stolen report (issue 16): its own chunk.
const DockAlarmOffers = lazy(() => import('../docks/alarm-offer').then((m) => ({ default: m.AlarmOffers })));

/** /app: the signed-in home: bikes first, then the account. */
export function AccountHomePage() {
  const { t, i18n } = useTranslation('account');
  const profile = useProfile();

  if (profile.isPending) return <Loading />;
  if (profile.isError) {
    return (
      <>
        <PageTitle>{t('home.titleAnonymous')}</PageTitle>
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
      </>
    );
  }
  const me = profile.data;
  const name = me.first_name?.trim() || me.email;
  return (
    <div className="account">
      <PageTitle>{t('home.title', { name })}</PageTitle>
      <p className="account-lead">{t('home.lead')}</p>
      <VerificationNotice />
      <Suspense fallback={null}>
        <DockAlarmOffers />
      </Suspense>
      {!me.email_verified && <VerifyBanner profile={me} />}
      {me.pending_email && (
        <Alert tone="info" title={t('home.pendingTitle')}>
          {t('home.pendingBody', { email: me.pending_email })}
        </Alert>
      )}
      <div className="account-grid">
        <BikesCard />
        <section className="card" aria-labelledby="summary-title">
          <h2 id="summary-title">{t('home.summaryTitle')}</h2>
          <dl className="summary">
            <div>
              <dt>{t('home.email')}</dt>
              <dd>{me.email}</dd>
            </div>
            <div>
              <dt>{t('home.region')}</dt>
              <dd>{t(`regions.${me.region}`)}</dd>
            </div>
            <div>
              <dt>{t('home.language')}</dt>
              <dd lang={me.language}>{LANGUAGE_NAMES[me.language]}</dd>
            </div>
            <div>
              <dt>{t('home.signedUp')}</dt>
              <dd>{formatDate(me.signed_up_at, i18n.resolvedLanguage)}</dd>
            </div>
          </dl>
        </section>
        <section className="card settings-card" aria-labelledby="settings-title">
          <h2 id="settings-title">{t('home.settingsTitle')}</h2>
          <p>{t('home.settingsBody')}</p>
          <Link to="/app/settings" className="btn btn-primary">
            {t('home.settingsLink')}
          </Link>
        </section>
        <section className="card" aria-labelledby="docks-title">
          <h2 id="docks-title">{t('home.docksTitle')}</h2>
          <p>{t('home.docksBody')}</p>
          <Link to="/app/docks" className="btn btn-secondary">
            {t('home.docksLink')}
          </Link>
        </section>
        <section className="card" aria-labelledby="referrals-title">
          <h2 id="referrals-title">{t('referrals.home.title')}</h2>
          <p>{t('referrals.home.body')}</p>
          <Link to="/app/referencing" className="btn btn-secondary">
            {t('referrals.home.link')}
          </Link>
        </section>
        <IdentityCard profile={me} returnTo="/app" />
        <ActingPartyCard personName={me.name || me.email} />
      </div>
    </div>
  );
}
