import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '../maps/location-picker';
import { Button } from '../ui/button';
import './attachments.css';

// Leaflet and the outline come with the picker, after the page has rendered (public first-load budget).
const LocationPicker = lazy(() => import('../maps/location-picker').then((m) => ({ default: m.LocationPicker })));

interface PlaceFieldProps {
  value: LatLng | null;
  onChange: (value: LatLng | null) => void;
  /** No heading or hint of its own (the composer's dialog has its title). */
  compact?: boolean;
}

/** An optional place with a message: where the finder saw the bike. The map's box is reserved while it loads. */
export function PlaceField({ value, onChange, compact }: PlaceFieldProps) {
  const { t } = useTranslation('chat-contact');
  const id = useId();
  return (
    <div className="place-field">
      {!compact && (
        <>
          <p className="photo-field-label" id={`${id}-label`}>
            {t('place.label')}
          </p>
          <p className="field-hint" id={`${id}-hint`}>
            {t('place.hint')}
          </p>
        </>
      )}
      <Suspense fallback={<div className="place-field-loading" aria-hidden="true" />}>
        <LocationPicker value={value} onChange={onChange} label={t('place.mapLabel')} describedBy={compact ? undefined : `${id}-hint`} />
      </Suspense>
      {value && (
        <Button variant="link" className="place-field-remove" onClick={() => onChange(null)}>
          {t('place.remove')}
        </Button>
      )}
    </div>
  );
}
