import { useTranslation } from 'react-i18next';
import { BIKE_CATEGORIES, BIKE_COLORS } from '../../domain/bikes';
import { BATTERY_LOCATIONS, LOCK_STATUSES } from '../../domain/theft';
import { DraftChoice, DraftSelect, DraftText, yesNo } from './step-fields';
import type { StepForm } from './step-form';

/** Your bike's information (§3), prefilled from the bike: frame number, category, colour, electric, lock, battery. */
export function BikeStep({ form }: { form: StepForm }) {
  const { t } = useTranslation(['theft', 'bike-terms']);
  return (
    <>
      <p className="muted">{t('bikeInfo.lead')}</p>
      <DraftText form={form} name="frame_number" label={t('field.frame_number')} autoComplete="off" spellCheck={false} className="mono" />
      <DraftSelect
        form={form}
        name="bike_category"
        label={t('field.bike_category')}
        placeholder={t('choose')}
        options={BIKE_CATEGORIES.map((c) => ({ value: c, label: t(`bike-terms:category.${c}`) }))}
      />
      <DraftSelect
        form={form}
        name="bike_color"
        label={t('field.bike_color')}
        placeholder={t('choose')}
        options={BIKE_COLORS.map((c) => ({ value: c, label: t(`bike-terms:color.${c}`) }))}
      />
      <DraftChoice
        form={form}
        name="lock_status"
        legend={t('field.lock_status')}
        options={LOCK_STATUSES.map((s) => ({ value: s, label: t(`lock.${s}`) }))}
      />
      <DraftChoice form={form} name="is_electric" legend={t('field.is_electric')} options={yesNo(t)} />
      {form.value('is_electric') === true && (
        <DraftChoice
          form={form}
          name="battery_location"
          legend={t('field.battery_location')}
          options={BATTERY_LOCATIONS.map((s) => ({ value: s, label: t(`battery.${s}`) }))}
        />
      )}
    </>
  );
}
