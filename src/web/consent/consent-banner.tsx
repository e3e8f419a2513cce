import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chooseConsent, useConsentStore } from './consent-store';
import { loadTagManager } from './tag-manager';
import './consent.css';

/**
 * Asks once whether statistics cookies may be used, and loads the tag manager only after a yes. Not a modal: the
 * page stays usable, and it sits first in the tab order so keyboard users meet it. Shown again from "cookie
 * settings", with focus on its heading.
 */
export function ConsentBanner({ tagManagerId }: { tagManagerId: string }) {
  const { t } = useTranslation('consent');
  const choice = useConsentStore((s) => s.choice);
  const settingsOpen = useConsentStore((s) => s.settingsOpen);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (choice === 'statistics') loadTagManager(tagManagerId);
  }, [choice, tagManagerId]);

  useEffect(() => {
    if (settingsOpen) heading.current?.focus();
  }, [settingsOpen]);

  if (choice !== null && !settingsOpen) return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      <div className="container consent-inner">
        <h2 id="consent-title" ref={heading} tabIndex={-1}>
          {t('title')}
        </h2>
        <p>
          {t('body')} <Link to="/privacy">{t('privacyLink')}</Link>
        </p>
        {choice && <p className="consent-current">{t(choice === 'statistics' ? 'currentStatistics' : 'currentNecessary')}</p>}
        {/* Saying no is as easy as saying yes: two buttons alike. */}
        <div className="consent-actions">
          <button type="button" className="btn btn-primary" onClick={() => chooseConsent('statistics')}>
            {t('acceptStatistics')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => chooseConsent('necessary')}>
            {t('onlyNecessary')}
          </button>
        </div>
      </div>
    </section>
  );
}
