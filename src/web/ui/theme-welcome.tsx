import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTheme } from '../lib/theme';

/** A partner's words for those who came through it (§1 dcu, nafBrand), on the front page and the sign-up; nothing in main. */
export function ThemeWelcome() {
  const { t } = useTranslation();
  const theme = useTheme();
  if (theme === 'main') return null;
  return (
    <div className="theme-welcome" data-testid="theme-welcome">
      <p>{t(`theme.${theme}.welcome`)}</p>
      {theme === 'nafBrand' && <Link to="/app/bikes/register/purchase-naf">{t('theme.nafBrand.memberLink')}</Link>}
    </div>
  );
}
