import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { useZodForm } from '../ui/form';
import { FormCard, PageTitle } from '../ui/page';
import './identity.css';

const loadSchema = () => import('./form-schemas').then((m) => m.passwordResetRequestSchema);

export function ForgotPasswordPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useZodForm(loadSchema, { defaultValues: { email: params.get('email') ?? '' } });

  // An unknown email comes back as a 422 on the email field (§5, §8), which the form marks there.
  const submit = form.handleSubmit(async ({ email }) => {
    await api('/identities/authentications/password-resets', { method: 'POST', body: { email } });
    navigate(`/forgot-passw-check-mail?email=${encodeURIComponent(email)}`);
  });

  return (
    <FormCard>
      <PageTitle>{t('forgot.title')}</PageTitle>
      <p className="form-lead">{t('forgot.lead')}</p>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField label={t('email')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        <Button type="submit" block busy={form.submitting}>
          {t('forgot.submit')}
        </Button>
      </form>
      <p className="form-links">
        <Link to="/login">{t('forgot.back')}</Link>
      </p>
    </FormCard>
  );
}
