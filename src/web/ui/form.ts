import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type * as z from 'zod/mini';
import { readApiError } from '../lib/errors';

type Values = Record<string, unknown>;

export interface ZodFormOptions<V extends Values> {
  defaultValues: V;
  /** Keeps what was typed (never a password) across a reload, in this tab. */
  draftKey?: string;
  draftExclude?: string[];
}

const PASSWORD_FIELDS = ['password', 'new_password', 'password_repeat', 'confirm'];

function readDraft(key: string | undefined): Values {
  if (!key) return {};
  try {
    return JSON.parse(sessionStorage.getItem(`draft:${key}`) ?? '{}') as Values;
  } catch {
    return {};
  }
}

export function clearDraft(key: string): void {
  sessionStorage.removeItem(`draft:${key}`);
}

/**
 * A form checked by the same zod schema the server uses (schema messages are error codes, shown through
 * the errors catalog). A failed submit keeps every value; a server 422 marks the field it names (§8).
 *
 * The schema comes from a loader (a dynamic import), fetched when the visitor first focuses a field:
 * zod is ~8 KB gzip that a form page does not need to paint (design.md: 120 KB first load).
 */
export function useZodForm<S extends z.ZodMiniType<unknown, V>, V extends Values>(
  loadSchema: () => Promise<S>,
  options: ZodFormOptions<V>,
) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<V>(() => ({ ...options.defaultValues, ...readDraft(options.draftKey) }));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const schemaRef = useRef<S | null>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const schema = useCallback(async (): Promise<S> => {
    schemaRef.current ??= await loadSchema();
    return schemaRef.current;
  }, [loadSchema]);
  const exclude = options.draftExclude ?? PASSWORD_FIELDS;

  useEffect(() => {
    if (!options.draftKey) return;
    const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !exclude.includes(name)));
    sessionStorage.setItem(`draft:${options.draftKey}`, JSON.stringify(kept));
  }, [values, options.draftKey, exclude]);

  const validate = useCallback(
    (current: V, loaded: S | null = schemaRef.current): { data?: unknown; errors: Record<string, string> } => {
      // Until the schema has arrived there is nothing to say yet; submit waits for it.
      if (!loaded) return { errors: {} };
      const result = loaded.safeParse(current);
      if (result.success) return { data: result.data, errors: {} };
      const found: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (found[name]) continue;
        // Schema messages are error codes (the errors namespace); anything else is zod's own wording.
        found[name] = i18n.exists(`errors:${issue.message}`) ? t(`errors:${issue.message}`) : t('errors:field_invalid');
      }
      return { errors: found };
    },
    [t, i18n],
  );

  const setValue = (name: keyof V & string, value: unknown) => {
    setValues((previous) => {
      const next = { ...previous, [name]: value };
      if (touched[name]) setErrors((e) => ({ ...e, [name]: validate(next).errors[name] }));
      return next;
    });
  };

  const blur = (name: string) => {
    setTouched((previous) => ({ ...previous, [name]: true }));
    void schema().then((loaded) => setErrors((e) => ({ ...e, [name]: validate(valuesRef.current, loaded).errors[name] })));
  };
  const preload = () => void schema().catch(() => undefined);

  /** Props for a TextField or SelectField. */
  const field = (name: keyof V & string) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValue(name, e.target.value),
    onBlur: () => blur(name),
    onFocus: preload,
    error: errors[name],
  });

  /** Props for a CheckboxField. */
  const checkbox = (name: keyof V & string) => ({
    name,
    checked: values[name] === true,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(name, e.target.checked),
    onBlur: () => blur(name),
    onFocus: preload,
    error: errors[name],
  });

  const handleSubmit = (onValid: (data: z.output<S>) => Promise<void> | void) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formRef.current = event.currentTarget;
    setFormError(null);
    let loaded: S;
    try {
      loaded = await schema();
    } catch {
      // The schema's file could not be fetched: the connection is down.
      setFormError(t('errors:network'));
      return;
    }
    const checked = validate(values, loaded);
    setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
    setErrors(checked.errors);
    if (!('data' in checked) || checked.data === undefined) {
      focusField(Object.keys(checked.errors)[0]);
      return;
    }
    setSubmitting(true);
    try {
      await onValid(checked.data as z.output<S>);
    } catch (error) {
      const outcome = readApiError(error, t);
      if (outcome.kind === 'redirect') navigate(outcome.to);
      else if (outcome.kind === 'login') navigate('/login');
      else if (outcome.field && outcome.field in values) {
        setErrors((e) => ({ ...e, [outcome.field as string]: outcome.text }));
        focusField(outcome.field);
      } else setFormError(outcome.text);
    } finally {
      setSubmitting(false);
    }
  };

  const focusField = (name: string | undefined) => {
    if (!name) return;
    const element = formRef.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  };

  return { values, setValue, field, checkbox, errors, formError, setFormError, submitting, handleSubmit };
}
