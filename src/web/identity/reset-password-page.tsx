import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { api } from '../lib/api-client';
import { useSessionStore } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { useZodForm } from '../ui/form';
import { FormCard, PageTitle } from '../ui/page';
import { PasswordField } from './password-field';
import './identity.css';

const loadSchema = () => import('./form-schemas').then((m) => m.resetFormSchema);

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return token ? <ResetForm token={token} /> : <MissingToken />;
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const form = useZodForm(loadSchema, { defaultValues: { new_password: '', password_repeat: '' } });

  const submit = form.handleSubmit(async ({ new_password }) => {
    const answer = await api<{ token: string; authentication_token: string }>(
      `/identities/authentications/password-resets/${encodeURIComponent(token)}/validate`,
      { method: 'POST', body: { new_password } },
    );
    // The reset ended every other session; this answer is the login that remains.
    const store = useSessionStore.getState();
    store.setToken(answer.authentication_token);
    store.setReturnPath(null);
    navigate('/reset-password-succes', { replace: true });
  });

  return (
    <FormCard>
      <PageTitle>{t('reset.title')}</PageTitle>
      <p className="form-lead">{t('reset.lead')}</p>
      {form.formError && (
        <Alert>
          <p>{form.formError}</p>
          <Link to="/forgot-password">{t('reset.newLink')}</Link>
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <PasswordField
          label={t('reset.password')}
          autoComplete="new-password"
          hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
          {...form.field('new_password')}
        />
        <PasswordField label={t('reset.repeat')} autoComplete="new-password" {...form.field('password_repeat')} />
        <Button type="submit" block busy={form.submitting}>
          {t('reset.submit')}
        </Button>
      </form>
    </FormCard>
  );
}

function MissingToken() {
  const { t } = useTranslation('identity');
  return (
    <FormCard>
      <PageTitle>{t('reset.missingTitle')}</PageTitle>
      <p>{t('reset.missingBody')}</p>
      <Link to="/forgot-password" className="btn btn-primary">
        {t('reset.newLink')}
      </Link>
    </FormCard>
  );
}
