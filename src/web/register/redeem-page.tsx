import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CreditsOverview } from '../../domain/bikes';
import { useRedeemVoucher } from '../bikes/bikes-api';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { FormCard, PageTitle } from '../ui/page';
import './register.css';

const DRAFT_KEY = 'redeem-voucher';
const loadSchema = () => import('../../domain/bikes').then((m) => m.redeemVoucherSchema);

/** /app/bikes/register/redeem: a voucher code becomes registration credits; then back to registering (the draft waits). */
export function RedeemPage() {
  const { t } = useTranslation('register');
  const redeem = useRedeemVoucher();
  const [result, setResult] = useState<{ added: number; overview: CreditsOverview } | null>(null);
  const form = useZodForm(loadSchema, { defaultValues: { code: '' }, draftKey: DRAFT_KEY });

  const submit = form.handleSubmit(async ({ code }) => {
    const answer = await redeem.mutateAsync(code);
    clearDraft(DRAFT_KEY);
    setResult({ added: answer.credits_added, overview: answer.overview });
  });

  if (result) {
    return (
      <FormCard>
        <PageTitle>{t('redeem.doneTitle')}</PageTitle>
        <Alert tone="success">
          {t('redeem.doneBody', { count: result.added })} {t('redeem.doneTotal', { count: result.overview.credits })}
        </Alert>
        <div className="actions">
          <Link to="/app/bikes/register" className="btn btn-primary">
            {t('redeem.continue')}
          </Link>
          <Link to="/app/my-bikes" className="btn btn-secondary">
            {t('redeem.myBikes')}
          </Link>
        </div>
      </FormCard>
    );
  }

  return (
    <FormCard>
      <PageTitle>{t('redeem.title')}</PageTitle>
      <p className="register-lead">{t('redeem.lead')}</p>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField
          {...form.field('code')}
          label={t('redeem.code')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
        />
        <div className="actions">
          <Button type="submit" busy={form.submitting}>
            {t('redeem.submit')}
          </Button>
          <Link to="/app/bikes/register" className="btn btn-secondary">
            {t('redeem.back')}
          </Link>
        </div>
      </form>
    </FormCard>
  );
}
