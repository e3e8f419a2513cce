import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CookieSettingsSection } from '../consent/cookie-settings';
import { useProfile } from '../lib/profile';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { IdentityCard } from '../verification/identity-card';
import { VerificationNotice } from '../verification/verification-notice';
import { ConsentsSection } from './consents-section';
import { ExportSection } from './export-section';
import { ProfileForm } from './profile-form';
import { SessionsSection } from './sessions-section';
import './account.css';

/** /app/settings: the profile, consents, log out everywhere, download my data, and the way to delete the account. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const profile = useProfile();
  // The form starts from the server's answer of this visit, never from an older cached one.
  const [mountedAt] = useState(() => Date.now());
  const ready = profile.data !== undefined && profile.dataUpdatedAt >= mountedAt;

  return (
    <div className="account">
      <PageTitle>{t('title')}</PageTitle>
      <p className="account-lead">{t('lead')}</p>
      <VerificationNotice />
      {!ready && profile.isError && (
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
      )}
      {!ready && !profile.isError && <Loading />}
      {ready && profile.data && (
        <>
          <ProfileForm profile={profile.data} />
          <IdentityCard profile={profile.data} returnTo="/app/settings" />
          <ConsentsSection />
          <SessionsSection />
          <CookieSettingsSection />
          <ExportSection />
          <section className="card settings-section" aria-labelledby="orders-title">
            <h2 id="orders-title">{t('orders.title')}</h2>
            <p>{t('orders.body')}</p>
            <Link to="/app/settings/orders">{t('orders.link')}</Link>
          </section>
          <section className="card settings-section danger-zone" aria-labelledby="delete-title">
            <h2 id="delete-title">{t('delete.title')}</h2>
            <p>{t('delete.body')}</p>
            <Link to="/app/settings/caution" className="danger-link">
              {t('delete.link')}
            </Link>
          </section>
        </>
      )}
    </div>
  );
}
