import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { LANGUAGES, type Language, normaliseLanguage, REGIONS, type Region } from '../../domain/locale';
import type { SocialStart } from '../../domain/social';
import { safePath, signupRedirectPath } from '../lib/access';
import { api } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CheckboxField, SelectField, TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { FormCard, PageTitle } from '../ui/page';
import { ThemeWelcome } from '../ui/theme-welcome';
import type { SignupValues, signupFormSchema } from './form-schemas';
import { friendRefOf, useFriendRef } from './friend-ref';
import { PasswordField } from './password-field';
import { startSession } from './session-start';
import { SocialButtons } from './social-buttons';
import './identity.css';
import { LegalLinks } from '../ui/legal-links';

// Each language is named in itself, as in the language switcher.
const LANGUAGE_NAMES: Record<Language, string> = { da: 'Dansk', en: 'English', no: 'Norsk' };

const loadSchema = () => import('./form-schemas').then((m) => m.signupFormSchema);

/**
 * The §2 sign-up page. Its newsletter box asks for the newsletter as the settings do (one truth, the subscription:
 * a new address confirms it by the mailed link). /signup/newsletter and /signup/newsletter-sleek are the
 * newsletter's own sign-up (web/newsletter), which needs no account.
 */
export function SignupPage() {
  const { t, i18n } = useTranslation('identity');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useFriendRef(params);
  const draftKey = 'signup-full';
  const form = useZodForm<typeof signupFormSchema, SignupValues>(loadSchema, {
    defaultValues: {
      email: '',
      password: '',
      phone: '',
      zip_code: '',
      chosen_region: '',
      chosen_language: normaliseLanguage(i18n.resolvedLanguage),
      terms: false,
      newsletter: false,
    },
    draftKey,
  });

  // Switching the page's language also picks it for the account, as it was the default to begin with.
  const uiLanguage = normaliseLanguage(i18n.resolvedLanguage);
  const [shownLanguage, setShownLanguage] = useState(uiLanguage);
  if (shownLanguage !== uiLanguage) {
    setShownLanguage(uiLanguage);
    form.setValue('chosen_language', uiLanguage);
  }

  const submit = form.handleSubmit(async ({ terms: _terms, newsletter, ...payload }) => {
    const { authentication_token } = await api<{ authentication_token: string }>('/identities/', {
      method: 'POST',
      // Referral codes come with the link that brought the visitor here.
      body: { ...payload, friend_ref: friendRefOf(params), user_ref: params.get('user_ref') ?? undefined },
    });
    const returnPath = safePath(await startSession(authentication_token));
    if (newsletter) {
      try {
        await api('/identities/consents/newsletter/', { method: 'POST', body: { action: 'add' } });
      } catch {
        // The account exists; the newsletter can be chosen again in the settings.
      }
    }
    clearDraft(draftKey);
    // A visitor sent here from a page that needs an account (a transfer link, say) is offered the way back.
    const next = returnPath ? `&next=${encodeURIComponent(returnPath)}` : '';
    navigate(signupRedirectPath(payload.chosen_region) + next, { replace: true });
  });

  // Social sign-up asks the same of the account as the form: a region, a language and the terms accepted.
  const prepareSocial = (): { start: SocialStart; newsletter: boolean } | { missing: string } => {
    const chosen = form.values.chosen_region;
    const region: Region | null = chosen === 'dk' || chosen === 'no' ? chosen : null;
    if (form.values.terms !== true || !region) return { missing: t('social.signupNeeds') };
    return {
      start: {
        intent: 'signup',
        chosen_region: region,
        chosen_language: normaliseLanguage(String(form.values.chosen_language ?? uiLanguage)),
        accept_terms: true,
        friend_ref: friendRefOf(params),
      },
      newsletter: form.values.newsletter === true,
    };
  };

  return (
    <FormCard>
      <PageTitle>{t('signup.title')}</PageTitle>
      <p className="form-lead">{t('signup.lead')}</p>
      <ThemeWelcome />
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField label={t('email')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        <PasswordField
          label={t('signup.password')}
          autoComplete="new-password"
          hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
          {...form.field('password')}
        />
        <TextField label={t('signup.phone')} type="tel" autoComplete="tel" inputMode="tel" {...form.field('phone')} />
        <TextField label={t('signup.zip')} autoComplete="postal-code" inputMode="numeric" maxLength={4} {...form.field('zip_code')} />
        <SelectField
          label={t('signup.region')}
          placeholder={t('signup.regionPlaceholder')}
          options={REGIONS.map((region) => ({ value: region, label: t(`signup.regions.${region}`) }))}
          {...form.field('chosen_region')}
        />
        <SelectField
          label={t('signup.language')}
          options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
          {...form.field('chosen_language')}
        />
        <CheckboxField label={t('signup.terms')} {...form.checkbox('terms')} />
        <LegalLinks />
        <CheckboxField label={t('signup.newsletter')} {...form.checkbox('newsletter')} />
        <Button type="submit" block busy={form.submitting}>
          {t('signup.submit')}
        </Button>
      </form>
      <SocialButtons intent="signup" prepare={prepareSocial} />
      <p className="form-links">
        <span>
          {t('signup.haveAccount')} <Link to="/login">{t('signup.logIn')}</Link>
        </span>
      </p>
    </FormCard>
  );
}
