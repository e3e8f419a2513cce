import { useTranslation } from 'react-i18next';
import { OTHER_INSURER } from '../../domain/theft';
import { Alert } from '../ui/alert';
import { DraftChoice, DraftSelect, DraftText, yesNo } from './step-fields';
import type { StepForm } from './step-form';
import { useInsurers } from './theft-api';

/**
 * Insurance company and value (§3): is the bike insured, with whom (an insurer of the register, or "other"
 * with its name: such a report is shared with no one), and its price (prefilled from the bike's purchase price).
 */
export function InsuranceStep({ form }: { form: StepForm }) {
  const { t } = useTranslation('theft');
  const insured = form.value('isInsured') === true;
  const insurers = useInsurers(insured);
  const other = form.value('insurance_company') === OTHER_INSURER;
  return (
    <>
      <DraftChoice form={form} name="isInsured" legend={t('field.isInsured')} options={yesNo(t)} />
      {insured && (
        <>
          <DraftSelect
            form={form}
            name="insurance_company"
            label={t('field.insurance_company')}
            placeholder={insurers.isPending ? t('insurance.loading') : t('insurance.choose')}
            options={[
              ...(insurers.data?.insurers ?? []).map((i) => ({ value: i.party_id, label: i.name })),
              { value: OTHER_INSURER, label: t('insurance.other') },
            ]}
          />
          {insurers.isError && <Alert>{t('insurance.loadError')}</Alert>}
          {other && (
            <DraftText form={form} name="insurance_company_other" label={t('field.insurance_company_other')} autoComplete="organization" />
          )}
          <p className="muted">{other ? t('insurance.otherNote') : t('insurance.shareNote')}</p>
        </>
      )}
      <DraftText
        form={form}
        name="bike_price"
        label={t('field.bike_price')}
        hint={t('insurance.priceHint')}
        inputMode="decimal"
        autoComplete="off"
      />
    </>
  );
}
