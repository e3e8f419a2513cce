import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { brandOptions, findBrand } from '../../domain/bikes/brands';
import { frameNumberHints, productionYearFromFrameNumber } from '../../domain/bikes/frame-number';
import { hintText } from '../bikes/bike-terms';
import { SelectField, TextField } from '../ui/field';
import { type RegisterForm as Form, OTHER_BRAND } from './register-values';

/**
 * Step 1: the frame number, with the §5 plausibility hints while typing (never blocking, announced
 * politely), the brand (its prefixes feed the hints) and the production year the year letter gives.
 */
export function FrameNumberStep({ form }: { form: Form }) {
  const { t } = useTranslation(['register', 'bike-terms']);
  const { values, setValue } = form;
  const brands = useMemo(() => brandOptions(), []);
  const brandId = values.brand_id && values.brand_id !== OTHER_BRAND ? values.brand_id : null;
  const typedYear = Number.parseInt(values.production_year, 10);
  const hints = useMemo(
    () =>
      safeHints(values.frame_number, {
        brandId,
        productionYear: values.year_manual && Number.isFinite(typedYear) ? typedYear : null,
      }),
    [values.frame_number, brandId, values.year_manual, typedYear],
  );
  const derivedYear = safeYear(values.frame_number);

  const frame = form.field('frame_number');
  const year = form.field('production_year');
  const onFrameChange = (raw: string) => {
    setValue('frame_number', raw);
    // The year follows the year letter until the owner types a year of their own.
    if (!values.year_manual) setValue('production_year', String(safeYear(raw) ?? ''));
  };

  return (
    <fieldset className="register-step">
      <legend>
        <span className="step-number" aria-hidden="true">
          1
        </span>
        <span>{t('register:step1.title')}</span>
      </legend>
      <p className="muted">{t('register:step1.lead')}</p>
      <TextField
        {...frame}
        onChange={(e) => onFrameChange(e.target.value)}
        label={t('bike-terms:field.frame_number')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        hint={t('register:step1.frameHint')}
      />
      <div className="frame-hints" role="status" aria-live="polite">
        {hints.length > 0 && (
          <ul className="hint-list" aria-label={t('register:step1.hintsLabel')}>
            {hints.map((hint) => (
              <li key={hint.code}>{hintText(hint, t, brandId)}</li>
            ))}
          </ul>
        )}
      </div>
      <SelectField
        {...form.field('brand_id')}
        label={t('bike-terms:field.brand')}
        placeholder={t('register:step1.brandPlaceholder')}
        options={[...brands.map((b) => ({ value: b.id, label: b.name })), { value: OTHER_BRAND, label: t('bike-terms:brandOther') }]}
      />
      {values.brand_id === OTHER_BRAND && (
        <TextField {...form.field('brand_name')} label={t('bike-terms:field.brand_name')} autoComplete="off" />
      )}
      <TextField
        {...year}
        onChange={(e) => {
          setValue('production_year', e.target.value);
          setValue('year_manual', e.target.value.trim() !== '');
        }}
        label={t('bike-terms:field.production_year')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        hint={
          !values.year_manual && derivedYear !== null
            ? t('register:step1.yearFromLetter', { year: derivedYear })
            : t('register:step1.yearHint')
        }
      />
    </fieldset>
  );
}

// The rules are pure and tested, but a page must never break on what someone types.
function safeHints(raw: string, options: { brandId: string | null; productionYear: number | null }) {
  try {
    const hints = frameNumberHints(raw, options);
    // A brand without a frame number is only worth a hint when the brand is known to stamp one.
    return raw.trim() === '' && !findBrand(options.brandId) ? [] : hints;
  } catch {
    return [];
  }
}

function safeYear(raw: string): number | null {
  try {
    return raw.trim().length >= 5 ? productionYearFromFrameNumber(raw) : null;
  } catch {
    return null;
  }
}
