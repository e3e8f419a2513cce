import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapStatus } from './use-base-map';

/**
 * The fixed-height box a map lives in (its height is reserved before Leaflet loads, so nothing moves),
 * with the loading and failure notices laid over it.
 */
export const MapBox = forwardRef<
  HTMLDivElement,
  { status: MapStatus; onRetry: () => void; className: string; testId: string; role: 'application' | 'group'; label: string }
>(function MapBox({ status, onRetry, className, testId, role, label }, ref) {
  const { t } = useTranslation('stolen-map');
  return (
    <div className={`map-box ${className}-box`}>
      {role === 'application' ? (
        <div
          ref={ref}
          className={`map-canvas ${className}`}
          data-testid={testId}
          data-status={status}
          role="application"
          aria-label={label}
        />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: Leaflet draws into a plain div; a fieldset would style and behave differently
        <div ref={ref} className={`map-canvas ${className}`} data-testid={testId} data-status={status} role="group" aria-label={label} />
      )}
      {status === 'loading' && (
        <p className="map-box-notice" aria-hidden="true">
          {t('maps.loading')}
        </p>
      )}
      {status === 'failed' && (
        <div className="map-box-notice map-box-failed" role="alert">
          <p>{t('maps.failed')}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
            {t('maps.retry')}
          </button>
        </div>
      )}
    </div>
  );
});
