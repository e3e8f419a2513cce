import { type FocusEvent, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../ui/field';
import type { Field, StepForm } from './step-form';

// The wizard's fields, bound to the draft by name: every field has a label, and its error (an errors
// catalog text) under it, announced with it.

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'form'>;

/**
 * Leaving a field marks it, except on the way to the submit button: the submit marks every field anyway,
 * and an error appearing under the field at that moment would push the button away from the pointer
 * before the click lands.
 */
const leave = (form: StepForm, name: Field) => (event: FocusEvent) => {
  if ((event.relatedTarget as HTMLElement | null)?.getAttribute('type') === 'submit') return;
  form.touch(name);
};

export function DraftText({
  form,
  name,
  label,
  hint,
  ...rest
}: { form: StepForm; name: Field; label: string; hint?: ReactNode } & InputProps) {
  return (
    <TextField
      label={label}
      hint={hint}
      name={name}
      value={String(form.value(name) ?? '')}
      onChange={(e) => form.set(name, e.target.value)}
      onBlur={leave(form, name)}
      error={form.error(name)}
      {...rest}
    />
  );
}

export function DraftTextArea({ form, name, label, hint }: { form: StepForm; name: Field; label: string; hint?: string }) {
  return (
    <TextAreaField
      label={label}
      hint={hint}
      error={form.error(name)}
      name={name}
      className="theft-textarea"
      rows={4}
      value={String(form.value(name) ?? '')}
      onChange={(e) => form.set(name, e.target.value)}
      onBlur={leave(form, name)}
    />
  );
}

export function DraftSelect(props: {
  form: StepForm;
  name: Field;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
}) {
  const { form, name } = props;
  return (
    <SelectField
      label={props.label}
      name={name}
      placeholder={props.placeholder}
      options={props.options}
      value={String(form.value(name) ?? '')}
      onChange={(e) => form.set(name, e.target.value || null)}
      onBlur={leave(form, name)}
      error={form.error(name)}
    />
  );
}

export function DraftCheckbox({ form, name, label }: { form: StepForm; name: Field; label: ReactNode }) {
  return (
    <CheckboxField
      label={label}
      name={name}
      checked={form.value(name) === true}
      onChange={(e) => {
        form.set(name, e.target.checked);
        form.touch(name);
      }}
      error={form.error(name)}
    />
  );
}

/** A question answered by one of a few choices (yes/no, or a short list), as radio buttons in a fieldset. */
export function DraftChoice<V extends string | boolean>(props: {
  form: StepForm;
  name: Field;
  legend: string;
  options: { value: V; label: string }[];
  hint?: string;
}) {
  const { form, name } = props;
  const id = useId();
  const error = form.error(name);
  const current = form.value(name);
  const describedBy = [error ? `${id}-error` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`theft-choice${error ? ' field-invalid' : ''}`} aria-describedby={describedBy}>
      <legend>{props.legend}</legend>
      {props.hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      <div className="theft-choice-options">
        {props.options.map((option) => (
          <label key={String(option.value)} className="theft-choice-option">
            <input
              type="radio"
              name={name}
              checked={current === option.value}
              onChange={() => {
                form.set(name, option.value);
                form.touch(name);
              }}
              aria-invalid={error ? true : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Yes and no, in the page's language. */
export function yesNo(t: (key: string) => string): { value: boolean; label: string }[] {
  return [
    { value: true, label: t('theft:yes') },
    { value: false, label: t('theft:no') },
  ];
}
