import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readApiError } from '../lib/errors';
import { formatDate } from '../lib/intl';
import { Alert } from '../ui/alert';
import { CheckboxField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { Loading } from '../ui/spinner';
import { type ConsentType, useChangeConsent, useConsents } from './consents-api';

const OPTIONAL: ConsentType[] = ['newsletter', 'marketing'];

/**
 * Newsletter and marketing can be given and withdrawn at once; the terms accepted at sign-up cannot. The newsletter is
 * the subscription (one truth with /signup/newsletter): with an unverified address it waits for its mailed link.
 */
export function ConsentsSection() {
  const { t, i18n } = useTranslation('settings');
  const consents = useConsents();
  const change = useChangeConsent();
  // The choice being saved, shown at once: the mutation's own state arrives a tick later, and a
  // controlled checkbox would flip back meanwhile.
  const [saving, setSaving] = useState<Partial<Record<ConsentType, boolean>>>({});
  const save = (type: ConsentType, given: boolean) => {
    setSaving((s) => ({ ...s, [type]: given }));
    change.mutate({ type, given }, { onSettled: () => setSaving(({ [type]: _, ...rest }) => rest) });
  };
  const changeError = change.isError ? readApiError(change.error, t) : null;
  const terms = consents.data?.find((c) => c.type === 'privacy_and_terms');

  return (
    <section className="card settings-section" aria-labelledby="consents-title">
      <h2 id="consents-title">{t('consents.title')}</h2>
      {consents.isPending && <Loading />}
      {consents.isError && <LoadError error={consents.error} onRetry={() => void consents.refetch()} retrying={consents.isFetching} />}
      {consents.data && (
        <>
          <p>
            {terms?.given
              ? t('consents.termsGiven', { date: formatDate(terms.changed_at, i18n.resolvedLanguage) })
              : t('consents.termsMissing')}
          </p>
          {terms?.given && (
            <p className="muted consent-date">
              {terms.version ? t('consents.termsVersion', { version: terms.version }) : t('consents.termsUnversioned')}{' '}
              <Link to="/privacy">{t('common:legalLinks.privacy')}</Link> · <Link to="/terms">{t('common:legalLinks.terms')}</Link>
            </p>
          )}
          {OPTIONAL.map((type) => {
            const consent = consents.data.find((c) => c.type === type);
            const pending = saving[type];
            return (
              <div key={type}>
                <CheckboxField
                  label={t(`consents.${type}`)}
                  checked={pending ?? (consent?.given || consent?.pending) ?? false}
                  disabled={pending !== undefined}
                  onChange={(e) => save(type, e.target.checked)}
                />
                {pending === undefined && consent?.pending && <p className="muted consent-date">{t('consents.newsletterPending')}</p>}
                {consent?.changed_at && (
                  <p className="muted consent-date">
                    {t('consents.changedAt', { date: formatDate(consent.changed_at, i18n.resolvedLanguage) })}
                  </p>
                )}
              </div>
            );
          })}
          <div aria-live="polite">
            {change.isSuccess && <p className="muted">{t('consents.saved')}</p>}
            {changeError?.kind === 'message' && <Alert tone="error">{changeError.text}</Alert>}
          </div>
        </>
      )}
    </section>
  );
}
