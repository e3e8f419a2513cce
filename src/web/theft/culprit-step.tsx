import { useTranslation } from 'react-i18next';
import { DraftChoice, DraftTextArea, yesNo } from './step-fields';
import type { StepForm } from './step-form';

/** Information about the culprit and witnesses (§3). */
export function CulpritStep({ form }: { form: StepForm }) {
  const { t } = useTranslation('theft');
  const describe = form.value('isCulpritKnown') === true || form.value('isCulpritRecognizable') === true;
  return (
    <>
      <DraftChoice form={form} name="isCulpritKnown" legend={t('field.isCulpritKnown')} options={yesNo(t)} />
      <DraftChoice form={form} name="isCulpritRecognizable" legend={t('field.isCulpritRecognizable')} options={yesNo(t)} />
      {describe && <DraftTextArea form={form} name="culprit_info" label={t('field.culprit_info')} hint={t('culprit.infoHint')} />}
      <DraftChoice form={form} name="hasWitness" legend={t('field.hasWitness')} options={yesNo(t)} />
      {form.value('hasWitness') === true && (
        <DraftTextArea form={form} name="witnesses" label={t('field.witnesses')} hint={t('culprit.witnessHint')} />
      )}
    </>
  );
}
