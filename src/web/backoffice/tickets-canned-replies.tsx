import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CannedReply, CannedReplyInput } from '../../domain/support';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TextAreaField, TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { useAddCannedReply, useCannedReplies, useRemoveCannedReply } from './tickets-support-api';

const EMPTY: CannedReplyInput = { title: '', body_da: '', body_en: '', body_no: '' };
const BODIES = ['body_da', 'body_en', 'body_no'] as const;

/** The canned replies staff pick from when answering (issue 14): listed, added in three languages, removed. */
export function CannedReplies() {
  const { t } = useTranslation(['support', 'errors']);
  const list = useCannedReplies();
  const remove = useRemoveCannedReply();
  const [removing, setRemoving] = useState<CannedReply | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    setError(null);
    try {
      await remove.mutateAsync(removing.id);
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    }
    setRemoving(null);
  };

  return (
    <details className="card support-canned">
      <summary>{t('canned.title')}</summary>
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.length === 0 && <p className="muted">{t('canned.none')}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="support-canned-list">
          {list.data.map((reply) => (
            <li key={reply.id}>
              <strong>{reply.title}</strong>
              <span className="muted">{reply.body_da}</span>
              <Button variant="secondary" className="btn-small" onClick={() => setRemoving(reply)}>
                {t('canned.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && <Alert>{error}</Alert>}
      <AddCannedReply />
      <ConfirmDialog
        open={removing !== null}
        title={t('canned.removeTitle')}
        confirmLabel={t('canned.remove')}
        cancelLabel={t('canned.cancel')}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
        busy={remove.isPending}
      >
        <p>{t('canned.removeBody', { title: removing?.title ?? '' })}</p>
      </ConfirmDialog>
    </details>
  );
}

function AddCannedReply() {
  const { t } = useTranslation(['support', 'errors']);
  const add = useAddCannedReply();
  const [values, setValues] = useState<CannedReplyInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CannedReplyInput | 'form', string>>>({});
  const [added, setAdded] = useState(false);

  const set = (field: keyof CannedReplyInput, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(false);
    const missing = Object.fromEntries(
      (Object.keys(values) as (keyof CannedReplyInput)[]).filter((k) => !values[k].trim()).map((k) => [k, t('errors:field_required')]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      await add.mutateAsync(values);
      setValues(EMPTY);
      setAdded(true);
    } catch (err) {
      const outcome = readApiError(err, t);
      const text = outcome.kind === 'message' ? outcome.text : t('errors:server_error');
      const field = outcome.kind === 'message' ? outcome.field : undefined;
      setErrors(field && field in EMPTY ? { [field]: text } : { form: text });
    }
  };

  return (
    <form className="support-canned-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3>{t('canned.addTitle')}</h3>
      <TextField
        label={t('canned.name')}
        value={values.title}
        maxLength={100}
        onChange={(e) => set('title', e.target.value)}
        error={errors.title}
      />
      {BODIES.map((field) => (
        <TextAreaField
          key={field}
          id={`canned-${field}`}
          label={t(`canned.${field}`)}
          rows={3}
          maxLength={2000}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
          error={errors[field]}
        />
      ))}
      {errors.form && <Alert>{errors.form}</Alert>}
      {added && <Alert tone="success">{t('canned.added')}</Alert>}
      <div className="actions">
        <Button type="submit" busy={add.isPending}>
          {t('canned.add')}
        </Button>
      </div>
    </form>
  );
}
