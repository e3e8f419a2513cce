import { useTranslation } from 'react-i18next';
import './legal-links.css';

/**
 * The privacy policy and the terms beside a sign-up's acceptance box. They open in a new tab, so the form keeps what
 * was typed (its draft leaves out the password).
 */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <p className="field-hint legal-links-hint">
      {t('legalLinks.lead')}{' '}
      <a href="/privacy" target="_blank" rel="noopener">
        {t('legalLinks.privacy')}
      </a>
      {' · '}
      <a href="/terms" target="_blank" rel="noopener">
        {t('legalLinks.terms')}
      </a>
    </p>
  );
}
