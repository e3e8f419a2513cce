import { useTranslation } from 'react-i18next';
import { BIKE_CATEGORIES, BIKE_COLORS, BIKE_TYPES } from '../../domain/bikes';
import { CheckboxField, SelectField, TextField } from '../ui/field';
import type { RegisterForm as Form } from './register-values';

/** Step 3: what else describes the bike; all optional, all editable later on the bike's page. */
export function DetailsStep({ form }: { form: Form }) {
  const { t } = useTranslation(['register', 'bike-terms']);
  const today = new Date().toISOString().slice(0, 10);
  const choose = t('register:step3.choose');
  return (
    <fieldset className="register-step">
      <legend>
        <span className="step-number" aria-hidden="true">
          3
        </span>
        <span>{t('register:step3.title')}</span>
      </legend>
      <p className="muted">{t('register:step3.lead')}</p>
      <TextField
        {...form.field('nickname')}
        label={t('bike-terms:field.nickname')}
        autoComplete="off"
        hint={t('register:step3.nicknameHint')}
      />
      <TextField {...form.field('model')} label={t('bike-terms:field.model')} autoComplete="off" />
      <div className="field-row">
        <SelectField
          {...form.field('color_id')}
          label={t('bike-terms:field.color_id')}
          placeholder={choose}
          options={BIKE_COLORS.map((id) => ({ value: id, label: t(`bike-terms:color.${id}`) }))}
        />
        <SelectField
          {...form.field('category_id')}
          label={t('bike-terms:field.category_id')}
          placeholder={choose}
          options={BIKE_CATEGORIES.map((id) => ({ value: id, label: t(`bike-terms:category.${id}`) }))}
        />
      </div>
      <div className="field-row">
        <SelectField
          {...form.field('type_id')}
          label={t('bike-terms:field.type_id')}
          placeholder={choose}
          options={BIKE_TYPES.map((id) => ({ value: id, label: t(`bike-terms:type.${id}`) }))}
        />
        <TextField {...form.field('purchase_date')} type="date" max={today} label={t('bike-terms:field.purchase_date')} />
      </div>
      <TextField
        {...form.field('normal_price_dkk')}
        label={t('bike-terms:field.normal_price_dkk')}
        inputMode="numeric"
        autoComplete="off"
      />
      <CheckboxField {...form.checkbox('is_electric')} label={t('bike-terms:field.is_electric')} />
    </fieldset>
  );
}
