import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, normaliseLanguage } from '../../domain/locale';
import type { newsletterSignupSchema } from '../../domain/newsletter';
import { api } from '../lib/api-client';
import { serverState } from '../lib/server-state';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CheckboxField, SelectField, TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import './newsletter.css';

const loadSchema = () => import('../../domain/newsletter').then((m) => m.newsletterSignupSchema);
const DRAFT_KEY = 'newsletter-signup';
type Values = { email: string; language: unknown; consent: boolean; region?: string };

// Each language is named in itself, as in the language switcher.
const LANGUAGE_NAMES: Record<Language, string> = { da: 'Dansk', en: 'English', no: 'Norsk' };

/**
 * The newsletter's sign-up: an address, the language of the mails, and the consent (its text is the one recorded,
 * NEWSLETTER_CONSENT). The answer is the same for every address, and so is what the page says after it.
 */
export function NewsletterForm({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('newsletter');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm<typeof newsletterSignupSchema, Values>(loadSchema, {
    defaultValues: { email: '', language: normaliseLanguage(i18n.resolvedLanguage), consent: false, region: serverState.region },
    draftKey: DRAFT_KEY,
  });
  const submit = form.handleSubmit(async (values) => {
    await api('/newsletter/subscriptions', { method: 'POST', body: values });
    clearDraft(DRAFT_KEY);
    setSentTo(values.email);
  });

  if (sentTo) {
    return (
      <div className="newsletter-sent" role="status">
        <h2>{t('sent.title')}</h2>
        <p>{t('sent.body', { email: sentTo })}</p>
        <p className="muted">{t('sent.hint')}</p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="newsletter-form">
      {form.formError && <Alert>{form.formError}</Alert>}
      <TextField label={t('form.email')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      {!compact && (
        <SelectField
          label={t('form.language')}
          options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
          {...form.field('language')}
        />
      )}
      <CheckboxField label={t('form.consent')} {...form.checkbox('consent')} />
      <Button type="submit" block busy={form.submitting}>
        {t('form.submit')}
      </Button>
    </form>
  );
}
