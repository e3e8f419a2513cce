import { forwardRef, type TextareaHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface MessageFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  value: string;
  maxLength: number;
  error?: string;
  hint?: string;
  /** Show the label to screen readers only (the composer of a conversation). */
  hideLabel?: boolean;
}

/**
 * A message box with its label, hint, error and a character counter. The browser stops typing at the
 * limit; the counter says how far along one is (announced with the field, not on every key).
 */
export const MessageField = forwardRef<HTMLTextAreaElement, MessageFieldProps>(function MessageField(
  { label, value, maxLength, error, hint, hideLabel, id, className, ...rest },
  ref,
) {
  // Its own small catalog: the contact page a visitor opens loads this and no other chat texts.
  const { t } = useTranslation('chat-contact');
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy = [error ? `${fieldId}-error` : '', hint ? `${fieldId}-hint` : '', `${fieldId}-count`].filter(Boolean).join(' ');
  const near = value.length >= maxLength * 0.9;
  return (
    <div className={`field message-field${error ? ' field-invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={fieldId} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      <div className="message-field-foot">
        {hint ? (
          <p className="field-hint" id={`${fieldId}-hint`}>
            {hint}
          </p>
        ) : (
          <span />
        )}
        <p className={`message-count${near ? ' message-count-near' : ''}`} id={`${fieldId}-count`}>
          {t('field.counter', { used: value.length, max: maxLength })}
        </p>
      </div>
      {error && (
        <p className="field-error" id={`${fieldId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
});
