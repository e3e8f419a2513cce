import { useTranslation } from 'react-i18next';
import { DraftText } from './step-fields';
import type { StepForm } from './step-form';

/** Your information (§3): name, contact and address from the profile, and the CPR number for the police report. */
export function PersonalStep({ form, profileCpr }: { form: StepForm; profileCpr: string | null }) {
  const { t } = useTranslation('theft');
  const f = (name: Parameters<typeof DraftText>[0]['name']) => ({ form, name, label: t(`field.${name}`) });
  return (
    <>
      <p className="muted">{t('personal.lead')}</p>
      <div className="theft-grid-2">
        <DraftText {...f('first_name')} autoComplete="given-name" />
        <DraftText {...f('last_name')} autoComplete="family-name" />
      </div>
      <DraftText {...f('email')} type="email" autoComplete="email" />
      <DraftText {...f('street_address')} autoComplete="street-address" />
      <div className="theft-grid-3">
        <DraftText {...f('floor')} />
        <DraftText {...f('side')} />
        <DraftText {...f('door')} />
      </div>
      <div className="theft-grid-2">
        <DraftText {...f('zip_code')} autoComplete="postal-code" inputMode="numeric" />
        <DraftText {...f('city')} autoComplete="address-level2" />
      </div>
      <div className="theft-grid-2">
        <DraftText {...f('mobile')} type="tel" autoComplete="tel" />
        <DraftText {...f('telephone')} type="tel" />
      </div>
      <fieldset className="theft-fieldset">
        <legend>{t('personal.cprTitle')}</legend>
        <p className="muted">{t('personal.cprWhy')}</p>
        {profileCpr && (
          <p>
            {t('personal.cprProfile')} <strong className="mono">{profileCpr}</strong>
          </p>
        )}
        <DraftText
          {...f('cpr_number')}
          label={profileCpr ? t('personal.cprOther') : t('field.cpr_number')}
          hint={profileCpr ? t('personal.cprOtherHint') : t('personal.cprSession')}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
        />
      </fieldset>
    </>
  );
}
