import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Theme } from '../../domain/locale';
import { useTheme } from '../lib/theme';

// The logo in the header (§1 themes): the register's mark and name, and in a partner's theme the co-branded
// form "Cykelregistret × DCU" or "× NAF" with the partner's name set as a badge in its colours. Drawn here
// as SVG; no partner's own logo file is used.

function PartnerBadge({ name, fill, ink }: { name: string; fill: string; ink: string }) {
  return (
    <svg className="logo-badge" width="46" height="26" viewBox="0 0 46 26" aria-hidden="true" focusable="false">
      <rect width="46" height="26" rx="5" fill={fill} />
      <text x="23" y="18" textAnchor="middle" fontFamily="system-ui, Arial, sans-serif" fontSize="14" fontWeight="800" fill={ink}>
        {name}
      </text>
    </svg>
  );
}

const PARTNERS: Partial<Record<Theme, { name: string; fill: string; ink: string }>> = {
  dcu: { name: 'DCU', fill: '#b3121b', ink: '#ffffff' },
  nafBrand: { name: 'NAF', fill: '#1a1a1a', ink: '#ffd200' },
};

export function Logo() {
  const { t } = useTranslation();
  const theme = useTheme();
  const partner = PARTNERS[theme];
  return (
    <Link to="/" className="logo" aria-label={partner ? t(`theme.${theme}.home`) : t('nav.home')} data-theme-logo={theme}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <circle cx="10" cy="20" r="5" fill="none" stroke="#fff" strokeWidth="2" />
        <circle cx="22" cy="20" r="5" fill="none" stroke="#fff" strokeWidth="2" />
        <path d="M10 20l5-8h6l1 8M15 12l-2-3h-2" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span className="logo-words">
        <span>{t('brand')}</span>
        {theme === 'nafBrand' && <span className="logo-tagline">{t('theme.nafBrand.tagline')}</span>}
      </span>
      {partner && (
        <>
          <span className="logo-times" aria-hidden="true">
            ×
          </span>
          <PartnerBadge {...partner} />
        </>
      )}
    </Link>
  );
}
