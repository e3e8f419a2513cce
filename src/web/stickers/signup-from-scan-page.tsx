import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { normaliseLanguage, REGIONS } from '../../domain/locale';
import type { SignupValues, signupFormSchema } from '../identity/form-schemas';
import { friendRefOf, useFriendRef } from '../identity/friend-ref';
import { startSession } from '../identity/session-start';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CheckboxField, SelectField, TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { FormCard, PageTitle } from '../ui/page';
import './stickers.css';
import { LegalLinks } from '../ui/legal-links';

const loadSchema = () => import('../identity/form-schemas').then((m) => m.signupFormSchema);
const DRAFT = 'signup-from-scan';
// Written out rather than imported from scan-paths.ts: a shared module is one more chunk on this public page.
const loopPath = (id: string | null) =>
  id ? `/signup/from-scan/create-bikes-loop?sticker_id=${encodeURIComponent(id)}` : '/signup/from-scan/create-bikes-loop';

/**
 * /signup/from-scan?sticker_id=…: sign up, then register the bike the scanned plate is for (§2).
 * A short sign-up (what an account needs), which goes on to the registration rather than to the
 * general welcome page the ordinary sign-up form leads to.
 */
export function SignupFromScanPage() {
  const { t, i18n } = useTranslation('stickers');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const stickerId = params.get('sticker_id')?.slice(0, 40) ?? null;
  useFriendRef(params);
  const next = loopPath(stickerId);
  const form = useZodForm<typeof signupFormSchema, SignupValues>(loadSchema, {
    defaultValues: {
      email: '',
      password: '',
      chosen_region: '',
      chosen_language: normaliseLanguage(i18n.resolvedLanguage),
      terms: false,
      newsletter: false,
    },
    draftKey: DRAFT,
  });

  const submit = form.handleSubmit(async ({ terms: _terms, newsletter: _newsletter, ...payload }) => {
    const { authentication_token } = await api<{ authentication_token: string }>('/identities/', {
      method: 'POST',
      body: { ...payload, chosen_language: normaliseLanguage(i18n.resolvedLanguage), friend_ref: friendRefOf(params) },
    });
    await startSession(authentication_token);
    clearDraft(DRAFT);
    navigate(next, { replace: true });
  });

  const steps = (
    <>
      <h2 className="scan-section-title">{t('fromScan.stepsTitle')}</h2>
      <ol className="scan-steps">
        <li>{t('fromScan.step1')}</li>
        <li>{t('fromScan.step2')}</li>
        <li>{t('fromScan.step3')}</li>
      </ol>
    </>
  );

  if (session) {
    return (
      <FormCard>
        <PageTitle>{stickerId ? t('fromScan.titleWithId', { id: stickerId }) : t('fromScan.title')}</PageTitle>
        <p>{t('fromScan.signedIn', { email: session.email })}</p>
        <div className="actions">
          <Link to={next} className="btn btn-primary">
            {t('fromScan.continue')}
          </Link>
        </div>
      </FormCard>
    );
  }

  return (
    <FormCard>
      <PageTitle>{stickerId ? t('fromScan.titleWithId', { id: stickerId }) : t('fromScan.title')}</PageTitle>
      <p className="scan-lead">{t('fromScan.lead')}</p>
      {steps}
      <h2 className="scan-section-title">{t('fromScan.formTitle')}</h2>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField label={t('fromScan.form.email')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        {/* A plain password field: the identity pages' one brings their whole catalog, too much for this public page. */}
        <TextField
          type="password"
          label={t('fromScan.form.password')}
          autoComplete="new-password"
          hint={t('fromScan.form.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          {...form.field('password')}
        />
        <SelectField
          label={t('fromScan.form.region')}
          placeholder={t('fromScan.form.regionPlaceholder')}
          options={REGIONS.map((region) => ({ value: region, label: t(`fromScan.form.regions.${region}`) }))}
          {...form.field('chosen_region')}
        />
        <CheckboxField label={t('fromScan.form.terms')} {...form.checkbox('terms')} />
        <LegalLinks />
        <Button type="submit" block busy={form.submitting}>
          {t('fromScan.form.submit')}
        </Button>
      </form>
      <p className="scan-links">
        <span>
          {t('fromScan.form.haveAccount')}{' '}
          <Link to={`/login?post_login_redirect=${encodeURIComponent(next)}`}>{t('fromScan.form.logIn')}</Link>
        </span>
      </p>
    </FormCard>
  );
}
