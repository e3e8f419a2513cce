import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationPicker } from '../maps/location-picker';
import { DraftText } from './step-fields';
import type { StepForm } from './step-form';
import { localNow } from './use-wizard';

/**
 * Time and place of the theft (§3): when the bike was last seen and when the theft was noticed (not in
 * the future), the address, and the exact place on a map. Only the owner, the police report and the
 * chosen insurer see the exact place; search and the map show a ~1 km area.
 */
export function TimePlaceStep({ form }: { form: StepForm }) {
  const { t } = useTranslation('theft');
  const errorId = useId();
  const max = localNow();
  const lat = form.value('latitude');
  const lng = form.value('longitude');
  const point = typeof lat === 'number' && typeof lng === 'number' ? { latitude: lat, longitude: lng } : null;
  const placeError = form.error('latitude');
  return (
    <>
      <DraftText form={form} name="time_last_seen" label={t('field.time_last_seen')} type="datetime-local" max={max} />
      <DraftText form={form} name="noted_time" label={t('field.noted_time')} type="datetime-local" max={max} />
      <DraftText form={form} name="place" label={t('field.place')} hint={t('timePlace.placeHint')} autoComplete="off" />
      <div className={`field${placeError ? ' field-invalid' : ''}`}>
        <p className="theft-label" id={`${errorId}-label`}>
          {t('timePlace.mapLabel')}
        </p>
        <p className="field-hint">{t('timePlace.mapHint')}</p>
        <LocationPicker
          value={point}
          label={t('timePlace.mapLabel')}
          describedBy={placeError ? errorId : undefined}
          invalid={Boolean(placeError)}
          onChange={(p) => {
            form.set('latitude', p.latitude);
            form.set('longitude', p.longitude);
            form.touch('latitude');
          }}
        />
        {placeError && (
          <p className="field-error" id={errorId}>
            {placeError}
          </p>
        )}
      </div>
    </>
  );
}
