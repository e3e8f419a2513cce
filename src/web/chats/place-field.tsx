import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import type { SharedPlace } from './contact-send';
import { PLACE_LABEL_MAX_LENGTH } from './limits';
import './attachments.css';

// Leaflet and the outline come with the picker, after the page has rendered (public first-load budget).
const LocationPicker = lazy(() => import('../maps/location-picker').then((m) => ({ default: m.LocationPicker })));

interface PlaceFieldProps {
  value: SharedPlace | null;
  onChange: (value: SharedPlace | null) => void;
  /** No heading or hint of its own (the composer's dialog has its title). */
  compact?: boolean;
}

/**
 * An optional place with a message: where the finder saw the bike, and, once it is chosen, what to call it
 * (an address, a landmark: what the other side reads instead of coordinates). The map's box is reserved while
 * it loads.
 */
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
        <LocationPicker
          value={value}
          // Moving the pin keeps the name given (the pin is usually nudged, not moved elsewhere).
          onChange={(point) => onChange({ ...point, label: value?.label ?? null })}
          label={t('place.mapLabel')}
          describedBy={compact ? undefined : `${id}-hint`}
        />
      </Suspense>
      {value && (
        <>
          <TextField
            label={t('place.name')}
            hint={t('place.nameHint')}
            name="place_label"
            autoComplete="off"
            maxLength={PLACE_LABEL_MAX_LENGTH}
            value={value.label ?? ''}
            onChange={(e) => onChange({ ...value, label: e.target.value })}
          />
          <Button variant="link" className="place-field-remove" onClick={() => onChange(null)}>
            {t('place.remove')}
          </Button>
        </>
      )}
    </div>
  );
}
