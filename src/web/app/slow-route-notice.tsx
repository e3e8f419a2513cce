import { useTranslation } from 'react-i18next';
import { useSlowRoute } from '../lib/slow-route';
import { Spinner } from '../ui/spinner';

/**
 * §9: a page whose code or data takes more than 1 s gets a small notice that it is on its way, read out politely
 * (the live region is always on the page, so the text appearing in it is announced), gone when the page arrives.
 */
export function SlowRouteNotice() {
  const { t } = useTranslation();
  const slow = useSlowRoute();
  return (
    <div className="slow-route-notice" aria-live="polite">
      {slow && (
        <p>
          <Spinner size="small" /> {t('slowRoute')}
        </p>
      )}
    </div>
  );
}
