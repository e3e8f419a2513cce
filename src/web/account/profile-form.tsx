import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../domain/identity';
import { isUiLanguage, LANGUAGES, normaliseLanguage, REGIONS } from '../../domain/locale';
import { showsAccountLanguage, switchLanguage } from '../lib/switch-language';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { SelectField, TextField } from '../ui/field';
import { useZodForm } from '../ui/form';
import { CprField } from './cpr-field';
import { LANGUAGE_NAMES } from './format';
import { type SaveResult, useSaveProfile } from './profile-api';
import { toFormValues, toUpdate } from './profile-values';

/** The §3 Profile fields. A failed save keeps what was typed; a 422 marks its field (useZodForm). */
const loadSchema = () => import('../../domain/identity').then((m) => m.profileUpdateSchema);

export function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation(['settings', 'account']);
  const save = useSaveProfile();
  const [result, setResult] = useState<SaveResult['status'] | null>(null);
  const form = useZodForm(loadSchema, { defaultValues: toFormValues(profile) });
  const { field, setValue } = form;

  // The header's language switcher saves the language on the account too: show the same choice here.
  const shownLanguage = useRef(i18n.resolvedLanguage);
  useEffect(() => {
    const current = i18n.resolvedLanguage;
    if (current === shownLanguage.current) return;
    shownLanguage.current = current;
    // An Icelandic page is a Danish account (§5): the choice here is the account's language.
    if (isUiLanguage(current)) setValue('language', normaliseLanguage(current));
  }, [i18n.resolvedLanguage, setValue]);

  const submit = form.handleSubmit(async (data) => {
    setResult(null);
    const saved = await save.mutateAsync(toUpdate(data, profile));
    setValue('cpr_number', '');
    // The email stays the confirmed one until the link in the mail is opened.
    setValue('email', saved.profile.email);
    setResult(saved.status);
    if (!showsAccountLanguage(saved.profile.language)) await switchLanguage(saved.profile.language);
  });

  const withdrawEmailChange = () => {
    setResult(null);
    save.mutate({ email: profile.email });
  };

  return (
    <form onSubmit={submit} noValidate className="card settings-section" aria-labelledby="profile-title">
      <h2 id="profile-title">{t('profile.title')}</h2>
      <div className="field-row">
        <TextField label={t('profile.firstName')} autoComplete="given-name" {...field('first_name')} />
        <TextField label={t('profile.lastName')} autoComplete="family-name" {...field('last_name')} />
      </div>
      <TextField
        label={t('profile.email')}
        type="email"
        autoComplete="email"
        hint={profile.pending_email ? undefined : t('profile.emailHint')}
        {...field('email')}
      />
      {profile.pending_email && (
        <Alert tone="info" title={t('profile.pendingTitle')}>
          <p>{t('profile.pendingBody', { email: profile.pending_email })}</p>
          <Button variant="link" onClick={withdrawEmailChange} disabled={save.isPending}>
            {t('profile.pendingWithdraw')}
          </Button>
        </Alert>
      )}

      <h3>{t('profile.addressTitle')}</h3>
      <TextField label={t('profile.street')} autoComplete="address-line1" {...field('street')} />
      <div className="field-row field-row-small">
        <TextField label={t('profile.floor')} {...field('floor')} />
        <TextField label={t('profile.side')} {...field('side')} />
        <TextField label={t('profile.door')} {...field('door')} />
      </div>
      <div className="field-row">
        <TextField label={t('profile.zipCode')} autoComplete="postal-code" inputMode="numeric" {...field('zip_code')} />
        <TextField label={t('profile.city')} autoComplete="address-level2" {...field('city')} />
      </div>

      <h3>{t('profile.phoneTitle')}</h3>
      <div className="field-row">
        <TextField label={t('profile.mobile')} type="tel" autoComplete="tel" {...field('mobile')} />
        <TextField label={t('profile.phone')} type="tel" {...field('phone')} />
      </div>

      <CprField current={profile.cpr_number} field={field('cpr_number')} onRemoved={() => setResult('saved')} />

      <h3>{t('profile.preferencesTitle')}</h3>
      <div className="field-row">
        <SelectField
          label={t('profile.region')}
          options={REGIONS.map((r) => ({ value: r, label: t(`account:regions.${r}`) }))}
          {...field('region')}
        />
        <SelectField
          label={t('profile.language')}
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          {...field('language')}
        />
      </div>

      <div aria-live="polite">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {result === 'saved' && <Alert tone="success">{t('profile.saved')}</Alert>}
        {result === 'partially_saved' && (
          <Alert tone="info" title={t('profile.partiallySavedTitle')}>
            {t('profile.partiallySavedBody', { email: save.data?.profile.pending_email ?? '' })}
          </Alert>
        )}
      </div>
      <div className="save-bar">
        <Button type="submit" busy={form.submitting}>
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
