import { useTranslation } from 'react-i18next';
import type { BikeDetail } from '../../domain/bikes';
import type { Transfer } from '../../domain/ownership';
import { TRANSFER_VALID_DAYS } from '../../domain/ownership';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CheckboxField, TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { useStartTransfer } from './ownership-api';
import type { TransferFormValues, transferFormSchema } from './transfer-form-schema';

const loadSchema = () => import('./transfer-form-schema').then((m) => m.transferFormSchema);

/**
 * The new owner's email, what goes with the bike besides it (private pictures, documents: what is not
 * handed over is deleted when the bike moves), and the price for the bill of sale. What was typed is kept
 * on an error and across a reload.
 */
export function TransferForm({ bike, onSent }: { bike: BikeDetail; onSent: (transfer: Transfer) => void }) {
  const { t } = useTranslation('ownership');
  const start = useStartTransfer(bike.id);
  const draftKey = `transfer-${bike.id}`;
  const form = useZodForm<typeof transferFormSchema, TransferFormValues>(loadSchema, {
    defaultValues: { email: '', hand_over_pictures: false, hand_over_documents: false, price_dkk: '' },
    draftKey,
  });
  const pictures = bike.pictures.length;
  const documents = bike.documents.length;

  const submit = form.handleSubmit(async (payload) => {
    const transfer = await start.mutateAsync(payload);
    clearDraft(draftKey);
    onSent(transfer);
  });

  return (
    <section className="card" aria-labelledby="transfer-form-title">
      <h2 id="transfer-form-title">{t('transfer.formTitle')}</h2>
      <ol className="ownership-steps">
        <li>{t('transfer.step1')}</li>
        <li>{t('transfer.step2', { days: TRANSFER_VALID_DAYS })}</li>
        <li>{t('transfer.step3')}</li>
      </ol>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('transfer.email')}
          type="email"
          autoComplete="off"
          inputMode="email"
          hint={t('transfer.emailHint')}
          {...form.field('email')}
        />
        <fieldset className="ownership-fieldset">
          <legend>{t('transfer.handOverLegend')}</legend>
          <p className="field-hint">{t('transfer.handOverHint')}</p>
          <CheckboxField label={t('transfer.handOverPictures', { count: pictures })} {...form.checkbox('hand_over_pictures')} />
          <CheckboxField label={t('transfer.handOverDocuments', { count: documents })} {...form.checkbox('hand_over_documents')} />
          {(form.values.hand_over_pictures !== true && pictures > 0) || (form.values.hand_over_documents !== true && documents > 0) ? (
            <Alert tone="warning">{t('transfer.deletedWarning')}</Alert>
          ) : null}
        </fieldset>
        <TextField
          label={t('transfer.price')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('transfer.priceHint')}
          {...form.field('price_dkk')}
        />
        <p className="field-hint ownership-before-submit">{t('transfer.stays')}</p>
        <Button type="submit" busy={form.submitting}>
          {t('transfer.submit')}
        </Button>
      </form>
    </section>
  );
}
