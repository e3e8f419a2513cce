import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/alert';
import { DraftChoice, DraftSelect, DraftText, yesNo } from './step-fields';
import type { StepForm } from './step-form';
import { useInsurers } from './theft-api';

/** Insurance company and value (§3): is the bike insured, with whom (an insurer of the register), and its price. */
export function InsuranceStep({ form }: { form: StepForm }) {
  const { t } = useTranslation('theft');
  const insured = form.value('isInsured') === true;
  const insurers = useInsurers(insured);
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
            options={(insurers.data?.insurers ?? []).map((i) => ({ value: i.party_id, label: i.name }))}
          />
          {insurers.isError && <Alert>{t('insurance.loadError')}</Alert>}
          <p className="muted">{t('insurance.shareNote')}</p>
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
