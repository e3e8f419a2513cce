import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** A button beside the input, e.g. show/hide for a password. */
  action?: ReactNode;
}

/** The ids a control's hint and error get, and the aria-describedby that names them. */
function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

/** The hint under a control, then its error. */
function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled input whose error and hint are announced with it. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField({ label, error, hint, action, id, ...rest }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  const input = (
    <input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(inputId, error, hint)} {...rest} />
  );
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {action ? (
        <div className="input-row">
          {input}
          {action}
        </div>
      ) : (
        input
      )}
      <FieldNotes id={inputId} error={error} hint={hint} />
    </div>
  );
});

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled textarea whose error and hint are announced with it. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, hint, id, ...rest },
  ref,
) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={areaId}>{label}</label>
      <textarea
        ref={ref}
        id={areaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(areaId, error, hint)}
        {...rest}
      />
      <FieldNotes id={areaId} error={error} hint={hint} />
    </div>
  );
});

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  options: { value: string; label: string }[];
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, options, placeholder, id, ...rest },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={selectId}>{label}</label>
      <select ref={ref} id={selectId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(selectId, error)} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={selectId} error={error} />
    </div>
  );
});

interface CheckboxProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
}

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxProps>(function CheckboxField({ label, error, id, ...rest }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={`field field-checkbox${error ? ' field-invalid' : ''}`}>
      <input
        ref={ref}
        type="checkbox"
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error)}
        {...rest}
      />
      <label htmlFor={inputId}>{label}</label>
      <FieldNotes id={inputId} error={error} />
    </div>
  );
});
