import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { validSession } from '../../domain/session';
import { afterLoginPath } from '../lib/access';
import { api } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { useZodForm } from '../ui/form';
import { FormCard, PageTitle } from '../ui/page';
import { PasswordField } from './password-field';
import { startSession } from './session-start';
import { SocialButtons } from './social-buttons';
import './identity.css';

const loadSchema = () => import('./form-schemas').then((m) => m.loginSchema);

export function LoginPage() {
  const { t } = useTranslation('identity');
  const location = useLocation();
  const navigate = useNavigate();
  const form = useZodForm(loadSchema, { defaultValues: { email: '', password: '' } });

  const submit = form.handleSubmit(async (data) => {
    const { authentication_token } = await api<{ authentication_token: string }>('/identities/authentications', {
      method: 'POST',
      body: data,
    });
    const returnPath = await startSession(authentication_token);
    const session = validSession(authentication_token);
    // §2: post_login_redirect, then the stored path, then /app (with the insurance-company rule).
    navigate(session ? afterLoginPath(location.search, returnPath, session) : '/app', { replace: true });
  });

  // Carries what was typed over, so the reset form need not ask again.
  const typed = String(form.values.email ?? '').trim();
  const forgotLink = typed ? `/forgot-password?email=${encodeURIComponent(typed)}` : '/forgot-password';

  return (
    <FormCard>
      <PageTitle>{t('login.title')}</PageTitle>
      <p className="form-lead">{t('login.lead')}</p>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField label={t('email')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        <PasswordField label={t('login.password')} autoComplete="current-password" {...form.field('password')} />
        <p className="form-forgot">
          <Link to={forgotLink}>{t('login.forgot')}</Link>
        </p>
        <Button type="submit" block busy={form.submitting}>
          {t('login.submit')}
        </Button>
      </form>
      <SocialButtons intent="login" search={location.search} />
      <p className="form-links">
        <span>
          {t('login.noAccount')} <Link to="/signup">{t('login.signUp')}</Link>
        </span>
      </p>
    </FormCard>
  );
}
