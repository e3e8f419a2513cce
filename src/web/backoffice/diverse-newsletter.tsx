import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../domain/locale';
import type { NewsletterIssue, NewsletterPreview, newsletterIssueSchema } from '../../domain/newsletter';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TextField } from '../ui/field';
import { useZodForm } from '../ui/form';
import { previewNewsletter, sendNewsletter } from './distributors-api';
import { ReadOnlyNote, useCanChange } from './read-only';

const loadSchema = () => import('../../domain/newsletter').then((m) => m.newsletterIssueSchema);
const EMPTY: NewsletterIssue = { subject_da: '', body_da: '', subject_en: '', body_en: '', subject_no: '', body_no: '' };
const LANGUAGE_NAMES: Record<Language, string> = { da: 'Dansk', en: 'English', no: 'Norsk' };

/**
 * Send the newsletter (issue 15): a subject and a text in each language, a preview of each language's mail as its
 * confirmed subscribers will get it (with how many they are), then send. Only confirmed subscribers get it.
 */
export function NewsletterSection() {
  const { t } = useTranslation('backoffice-public');
  const canChange = useCanChange();
  const [formKey, setFormKey] = useState(0);
  const [sent, setSent] = useState<number | null>(null);
  return (
    <section id="newsletter" className="card orgs-section" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{t('newsletter.title')}</h2>
      <p className="muted">{t('newsletter.lead')}</p>
      {!canChange && <ReadOnlyNote />}
      <div aria-live="polite">{sent !== null && <Alert tone="success">{t('newsletter.sent', { count: sent })}</Alert>}</div>
      <IssueForm
        key={formKey}
        canChange={canChange}
        onSent={(recipients) => {
          setSent(recipients);
          setFormKey((k) => k + 1);
        }}
      />
    </section>
  );
}

function IssueForm({ canChange, onSent }: { canChange: boolean; onSent: (recipients: number) => void }) {
  const { t } = useTranslation('backoffice-public');
  const form = useZodForm<typeof newsletterIssueSchema, NewsletterIssue>(loadSchema, {
    defaultValues: EMPTY,
    draftKey: 'backoffice-newsletter',
  });
  const [preview, setPreview] = useState<{ of: string; data: NewsletterPreview } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  // A preview stands for the texts it was made of; a change since asks for a new one before sending.
  const current = preview && preview.of === JSON.stringify(form.values) ? preview.data : null;

  const showPreview = form.handleSubmit(async (values) => {
    setPreview({ of: JSON.stringify(form.values), data: await previewNewsletter(values) });
  });
  const send = async () => {
    setSending(true);
    setSendError(null);
    try {
      const { recipients } = await sendNewsletter(form.values);
      setConfirming(false);
      sessionStorage.removeItem('draft:backoffice-newsletter');
      onSent(recipients);
    } catch (err) {
      const outcome = readApiError(err, t);
      setSendError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={showPreview} noValidate>
        <fieldset disabled={!canChange} className="orgs-fieldset">
          <legend className="visually-hidden">{t('newsletter.title')}</legend>
          <div className="orgs-columns">
            {LANGUAGES.map((language) => (
              <div key={language}>
                <h3>{LANGUAGE_NAMES[language]}</h3>
                <TextField label={t('newsletter.subject')} autoComplete="off" maxLength={150} {...form.field(`subject_${language}`)} />
                <BodyField
                  label={t('newsletter.body')}
                  hint={t('newsletter.bodyHint')}
                  value={form.values[`body_${language}`]}
                  error={form.errors[`body_${language}`]}
                  name={`body_${language}`}
                  onChange={(value) => form.setValue(`body_${language}`, value)}
                />
              </div>
            ))}
          </div>
          <div className="actions">
            <Button type="submit" variant="secondary" busy={form.submitting}>
              {t('newsletter.preview')}
            </Button>
            <Button disabled={!current} onClick={() => setConfirming(true)}>
              {t('newsletter.send')}
            </Button>
          </div>
        </fieldset>
      </form>
      {current && (
        <section className="newsletter-preview" aria-labelledby="newsletter-preview-title">
          <h3 id="newsletter-preview-title">{t('newsletter.previewTitle', { count: current.recipients })}</h3>
          {current.mails.map((mail) => (
            <article key={mail.language} className="newsletter-preview-mail">
              <h4>
                {LANGUAGE_NAMES[mail.language]} · {t('newsletter.recipients', { count: mail.recipients })}
              </h4>
              <p>
                <strong>{mail.subject}</strong>
              </p>
              <pre>{mail.text}</pre>
            </article>
          ))}
        </section>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('newsletter.confirmTitle')}
        confirmLabel={t('newsletter.send')}
        cancelLabel={t('newsletter.cancel')}
        tone="primary"
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
        busy={sending}
      >
        <p>{t('newsletter.confirmQuestion', { count: current?.recipients ?? 0 })}</p>
        {sendError && <Alert>{sendError}</Alert>}
      </ConfirmDialog>
    </>
  );
}

function BodyField(props: { label: string; hint: string; value: string; error?: string; name: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        name={props.name}
        value={props.value}
        rows={8}
        maxLength={10_000}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-hint${props.error ? ` ${id}-error` : ''}`}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {props.hint}
      </p>
      {props.error && (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}
