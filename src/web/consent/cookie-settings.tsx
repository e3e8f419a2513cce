import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { serverState } from '../lib/server-state';
import { openCookieSettings, useConsentStore } from './consent-store';

function SettingsButton({ className }: { className: string }) {
  const { t } = useTranslation('consent');
  return (
    <button type="button" className={className} onClick={(e) => openCookieSettings(e.currentTarget)}>
      {t('settingsLink')}
    </button>
  );
}

/**
 * "Cookie settings": shows the consent banner again so the choice can be changed. For the footer and the settings
 * page; nothing without a tag manager, since then no cookie needs a consent.
 */
export function CookieSettingsButton({ className = 'btn btn-link' }: { className?: string }) {
  if (!serverState.tagManagerId) return null;
  return (
    <Suspense fallback={null}>
      <SettingsButton className={className} />
    </Suspense>
  );
}

function Section() {
  const { t } = useTranslation('consent');
  const choice = useConsentStore((s) => s.choice);
  const current = choice === 'statistics' ? 'currentStatistics' : choice === 'necessary' ? 'currentNecessary' : 'currentNone';
  return (
    <section className="card settings-section" aria-labelledby="cookie-settings-title">
      <h2 id="cookie-settings-title">{t('sectionTitle')}</h2>
      <p>{t(current)}</p>
      <SettingsButton className="btn btn-secondary" />
    </section>
  );
}

/** The cookie choice on /app/settings: what it is in this browser, and the way to change it. */
export function CookieSettingsSection() {
  if (!serverState.tagManagerId) return null;
  return (
    <Suspense fallback={null}>
      <Section />
    </Suspense>
  );
}
