import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { createOrganisationSchema, Organisation } from '../../domain/organisations';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { FormCard, PageTitle } from '../ui/page';
import { createOrganisation } from './organisations-api';
import './organisations.css';

const loadSchema = () => import('../../domain/organisations').then((m) => m.createOrganisationSchema);
/** What the form holds; the CVR field is normalised by the schema (blank means not given), so its input is `unknown`. */
type FormValues = { name: string; cvr_number?: unknown };

/** /app/organisations/create: a business user (§6) — the business's name and CVR or organisation number. */
export function CreateOrganisationPage() {
  const { t } = useTranslation('organisations');
  const [created, setCreated] = useState<Organisation | null>(null);
  const form = useZodForm<typeof createOrganisationSchema, FormValues>(loadSchema, {
    defaultValues: { name: '', cvr_number: '' },
    draftKey: 'create-organisation',
  });

  const submit = form.handleSubmit(async (values) => {
    setCreated(await createOrganisation(values));
    clearDraft('create-organisation');
  });

  if (created) {
    return (
      <FormCard>
        <PageTitle>{t('create.doneTitle')}</PageTitle>
        <Alert tone="success">{t('create.doneBody', { name: created.name })}</Alert>
        <p>{t('create.doneNext')}</p>
        <div className="actions">
          <Link to="/app" className="btn btn-primary">
            {t('create.toAccount')}
          </Link>
        </div>
      </FormCard>
    );
  }

  return (
    <FormCard>
      <PageTitle>{t('create.title')}</PageTitle>
      <p className="organisations-lead">{t('create.lead')}</p>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField label={t('create.name')} autoComplete="organization" required {...form.field('name')} />
        <TextField
          label={t('create.cvr')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('create.cvrHint')}
          {...form.field('cvr_number')}
        />
        <div className="actions">
          <Button type="submit" busy={form.submitting}>
            {t('create.submit')}
          </Button>
          <Link to="/app" className="btn btn-secondary">
            {t('create.cancel')}
          </Link>
        </div>
      </form>
    </FormCard>
  );
}
