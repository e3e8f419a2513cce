import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { useSaveProfile } from './profile-api';

interface FieldProps {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error?: string;
}

/** The CPR number is only ever shown masked; the input sets a new one, and empty keeps the saved one. */
export function CprField({ current, field, onRemoved }: { current: string | null; field: FieldProps; onRemoved: () => void }) {
  const { t } = useTranslation('settings');
  const remove = useSaveProfile();
  const removeError = remove.isError ? readApiError(remove.error, t) : null;
  return (
    <fieldset className="fieldset">
      <legend>{t('cpr.title')}</legend>
      <p className="muted">{t('cpr.why')}</p>
      <p className="cpr-current">
        {current ? (
          <>
            {t('cpr.current')} <strong className="cpr-masked">{current}</strong>
          </>
        ) : (
          t('cpr.none')
        )}
      </p>
      <TextField
        label={current ? t('cpr.newLabel') : t('cpr.label')}
        hint={current ? t('cpr.keepHint') : t('cpr.formatHint')}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        {...field}
      />
      {current && (
        <Button variant="link" busy={remove.isPending} onClick={() => remove.mutate({ cpr_number: null }, { onSuccess: onRemoved })}>
          {t('cpr.remove')}
        </Button>
      )}
      {removeError?.kind === 'message' && <Alert tone="error">{removeError.text}</Alert>}
    </fieldset>
  );
}
