import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Bike } from '../../domain/bikes';
import type { FlowField } from '../../domain/flows';
import { bikeName } from '../bikes/bike-terms';
import { ApiError, api } from '../lib/api-client';
import { CheckboxField, TextAreaField, TextField } from '../ui/field';
import { Loading } from '../ui/spinner';
import { localized } from './flow-model';

// One input per field kind (issue 16): text, number, choice, date, address (typed, and its place on the map), bike
// (one of the signed-in person's own), picture (uploaded, with a preview) and consent. Each reports the answer as the
// server takes it; an answer emptied is `undefined`.

const LocationPicker = lazy(() => import('../maps/location-picker').then((m) => ({ default: m.LocationPicker })));

interface FieldProps {
  memo: string;
  field: FlowField;
  value: unknown;
  error?: string;
  language: string;
  signedIn: boolean;
  onChange(value: unknown): void;
}

export function FlowFieldInput(props: FieldProps) {
  const { field, value, error, language, onChange } = props;
  const { t } = useTranslation('flows');
  const id = `flow-field-${field.memo}`;
  const label = localized(field.label, language) + (field.required ? '' : ` ${t('optional')}`);
  const help = field.help ? localized(field.help, language) : undefined;
  switch (field.kind) {
    case 'text': {
      const common = {
        id,
        label,
        error,
        hint: help,
        value: typeof value === 'string' ? value : '',
        maxLength: field.max_length,
        required: field.required,
        onChange: (e: { target: { value: string } }) => onChange(e.target.value === '' ? undefined : e.target.value),
      };
      return field.multiline ? <TextAreaField rows={4} {...common} /> : <TextField type="text" {...common} />;
    }
    case 'number':
      return <NumberInput {...props} id={id} label={label} help={help} />;
    case 'date':
      return (
        <TextField
          id={id}
          type="date"
          label={label}
          error={error}
          hint={help}
          required={field.required}
          max={field.past_only ? new Date().toISOString().slice(0, 10) : undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      );
    case 'choice':
      return <ChoiceInput {...props} id={id} label={label} help={help} />;
    case 'consent':
      return (
        <CheckboxField
          id={id}
          label={localized(field.label, language)}
          error={error}
          required={field.required}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked ? true : undefined)}
        />
      );
    case 'address':
      return <AddressInput {...props} id={id} label={label} help={help} />;
    case 'bike':
      return <BikeInput {...props} id={id} label={label} help={help} />;
    case 'picture':
      return <PictureInput {...props} id={id} label={label} help={help} />;
  }
}

type InputProps = FieldProps & { id: string; label: string; help?: string };

function Notes({ id, help, error }: { id: string; help?: string; error?: string }) {
  return (
    <>
      {help && (
        <p className="field-hint" id={`${id}-hint`}>
          {help}
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
const described = (id: string, help?: string, error?: string) =>
  [help ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A number as typed: what is not a number yet stays in the box (and is not an answer) until it is one. */
function NumberInput({ field, value, error, language, onChange, id, label, help }: InputProps) {
  const [typed, setTyped] = useState(typeof value === 'number' ? String(value) : '');
  useEffect(() => {
    if (typeof value === 'number' && Number(typed.replace(',', '.')) !== value) setTyped(String(value));
    if (value === undefined && typed !== '' && Number.isFinite(Number(typed.replace(',', '.')))) setTyped('');
  }, [value, typed]);
  const unit = field.unit ? localized(field.unit, language) : null;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="flow-number">
        <input
          id={id}
          type="text"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={described(id, help, error)}
          required={field.required}
          onChange={(e) => {
            const text = e.target.value;
            setTyped(text);
            const number = Number(text.replace(',', '.'));
            onChange(text.trim() === '' || !Number.isFinite(number) ? undefined : number);
          }}
        />
        {unit && <span className="flow-unit">{unit}</span>}
      </div>
      <Notes id={id} help={help} error={error} />
    </div>
  );
}

function ChoiceInput({ field, value, error, language, onChange, id, label, help }: InputProps) {
  const chosen = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  return (
    <fieldset
      className={`field flow-choice${error ? ' field-invalid' : ''}`}
      aria-describedby={described(id, help, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend id={id} tabIndex={-1}>
        {label}
      </legend>
      {(field.options ?? []).map((option) => {
        const optionId = `${id}-${option.value}`;
        const checked = chosen.includes(option.value);
        return (
          <div className="flow-option" key={option.value}>
            <input
              id={optionId}
              type={field.multiple ? 'checkbox' : 'radio'}
              name={id}
              value={option.value}
              checked={checked}
              onChange={(e) => {
                if (!field.multiple) onChange(option.value);
                else {
                  const next = e.target.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value);
                  onChange(next.length > 0 ? next : undefined);
                }
              }}
            />
            <label htmlFor={optionId}>{localized(option.label, language)}</label>
          </div>
        );
      })}
      <Notes id={id} help={help} error={error} />
    </fieldset>
  );
}

interface AddressValue {
  label?: string;
  latitude?: number;
  longitude?: number;
}

/** An address: what it is called (typed) and where it is (picked on the map); whole only with both. */
function AddressInput({ value, error, onChange, id, label, help }: InputProps) {
  const { t } = useTranslation('flows');
  const address = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as AddressValue;
  const point =
    address.latitude !== undefined && address.longitude !== undefined ? { latitude: address.latitude, longitude: address.longitude } : null;
  const set = (patch: AddressValue) => {
    const next = { ...address, ...patch };
    onChange(!next.label && next.latitude === undefined ? undefined : next);
  };
  return (
    <div className={`field flow-address${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        autoComplete="street-address"
        maxLength={300}
        value={address.label ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, help, error)}
        onChange={(e) => set({ label: e.target.value })}
      />
      <Notes id={id} help={help} error={error} />
      <Suspense fallback={<Loading />}>
        <LocationPicker
          value={point}
          label={t('address.mapLabel')}
          describedBy={error ? `${id}-error` : undefined}
          invalid={Boolean(error) && !point}
          onChange={(p) => set({ latitude: p.latitude, longitude: p.longitude })}
        />
      </Suspense>
    </div>
  );
}

/** One of the signed-in person's own bikes; a visitor is asked to log in. */
function BikeInput({ value, error, onChange, id, label, help, signedIn }: InputProps) {
  const { t } = useTranslation(['flows', 'bike-terms']);
  const [bikes, setBikes] = useState<Bike[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    api<Bike[]>('/bikes/', { signal: controller.signal }).then(setBikes, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [signedIn]);
  if (!signedIn) {
    return (
      <div className="field">
        <p className="flow-label" id={id} tabIndex={-1}>
          {label}
        </p>
        <p>
          <Link to={`/login?post_login_redirect=${encodeURIComponent(window.location.pathname)}`}>{t('bike.logIn')}</Link>
        </p>
        <Notes id={id} help={help} error={error} />
      </div>
    );
  }
  return (
    <fieldset className={`field flow-choice${error ? ' field-invalid' : ''}`} aria-describedby={described(id, help, error)}>
      <legend id={id} tabIndex={-1}>
        {label}
      </legend>
      {failed && <p className="field-error">{t('bike.failed')}</p>}
      {!failed && bikes === null && <Loading />}
      {bikes?.length === 0 && <p>{t('bike.none')}</p>}
      {bikes?.map((bike) => (
        <div className="flow-option" key={bike.id}>
          <input id={`${id}-${bike.id}`} type="radio" name={id} checked={value === bike.id} onChange={() => onChange(bike.id)} />
          <label htmlFor={`${id}-${bike.id}`}>
            {bikeName(bike, t)}
            {bike.frame_number && <span className="flow-muted"> · {bike.frame_number}</span>}
          </label>
        </div>
      ))}
      <Notes id={id} help={help} error={error} />
    </fieldset>
  );
}

/** A picture, uploaded when chosen (re-encoded on the server); its id is the answer, shown with a preview. */
function PictureInput({ memo, value, error, onChange, id, label, help }: InputProps) {
  const { t } = useTranslation(['flows', 'errors']);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const statusId = useId();
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const upload = async (file: File) => {
    setBusy(true);
    setProblem(null);
    const body = new FormData();
    body.append('file', file);
    try {
      const sent = await api<{ id: string }>(`/flows/${encodeURIComponent(memo)}/pictures`, { method: 'POST', body });
      setPreview(URL.createObjectURL(file));
      onChange(sent.id);
    } catch (err) {
      const code = err instanceof ApiError ? (err.body as { code?: string; detail?: unknown } | null) : null;
      const detail = Array.isArray(code?.detail) ? (code.detail[0] as { msg?: string })?.msg : code?.detail;
      setProblem(typeof detail === 'string' ? detail : t('errors:server_error'));
    } finally {
      setBusy(false);
    }
  };
  const shown = problem ?? error;
  return (
    <div className={`field flow-picture${shown ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/*"
        aria-invalid={shown ? true : undefined}
        aria-describedby={[described(id, help, shown), statusId].filter(Boolean).join(' ')}
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Notes id={id} help={help} error={shown ?? undefined} />
      <p className="field-hint" id={statusId} aria-live="polite">
        {busy ? t('picture.uploading') : typeof value === 'string' ? t('picture.uploaded') : ''}
      </p>
      {preview && typeof value === 'string' && <img className="flow-picture-preview" src={preview} alt={t('picture.preview')} />}
      {typeof value === 'string' && (
        <button
          type="button"
          className="btn btn-link"
          onClick={() => {
            setPreview(null);
            onChange(undefined);
          }}
        >
          {t('picture.remove')}
        </button>
      )}
    </div>
  );
}
