import { forwardRef, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../ui/field';
import './identity.css';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A password input with a show/hide toggle, so a password can be checked before it is sent. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField({ id, ...rest }, ref) {
  const { t } = useTranslation('identity');
  const [shown, setShown] = useState(false);
  const generated = useId();
  const inputId = id ?? generated;
  const toggle = (
    <button
      type="button"
      className="btn btn-secondary btn-small password-toggle"
      aria-controls={inputId}
      aria-label={shown ? t('password.hideLabel') : t('password.showLabel')}
      onClick={() => setShown((value) => !value)}
    >
      {shown ? t('password.hide') : t('password.show')}
    </button>
  );
  return (
    <TextField
      ref={ref}
      id={inputId}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      action={toggle}
      {...rest}
    />
  );
});
