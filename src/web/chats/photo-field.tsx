import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { PHOTO_TYPES, photoProblem } from './limits';
import './attachments.css';

const ACCEPT = PHOTO_TYPES.join(',');

/** A phone (a coarse pointer): offer the camera straight away besides the photo library. */
function usePhone(): boolean {
  const [phone] = useState(() => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches);
  return phone;
}

interface PhotoFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** Why the chosen photo cannot be kept or sent (said under the field). */
  error?: string | null;
  disabled?: boolean;
  /** A compact version for the composer: no heading, no hint. */
  compact?: boolean;
}

/**
 * An optional photo with a message (a finder shows the bike where it stands): choose one (on a phone also
 * "take a photo" with the camera), see it, remove it. Size and type are checked here with the server's
 * limits, so a wrong file is said at once in the user's language; the server re-encodes it without any
 * metadata either way.
 */
export function PhotoField({ file, onChange, error, disabled, compact }: PhotoFieldProps) {
  const { t } = useTranslation(['chat-contact', 'errors']);
  const phone = usePhone();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared at once, so choosing the same file again is a change too.
    event.target.value = '';
    if (!chosen) return;
    const code = photoProblem(chosen);
    setProblem(code ? t(`errors:${code}`) : null);
    if (!code) onChange(chosen);
  };

  const shown = problem ?? error ?? null;
  const describedBy = [compact ? '' : `${id}-hint`, shown ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`photo-field${compact ? ' photo-field-compact' : ''}`}>
      <legend className={compact ? 'visually-hidden' : 'photo-field-label'}>{compact ? t('photo.attachLabel') : t('photo.label')}</legend>
      {!compact && (
        <p id={`${id}-hint`} className="field-hint">
          {t('photo.hint')}
        </p>
      )}
      {file && preview ? (
        <div className="chat-photo-preview">
          <img src={preview} alt={t('photo.previewAlt')} />
          <div className="chat-photo-preview-side">
            <p className="chat-photo-preview-name">{file.name}</p>
            <Button variant="secondary" className="btn-small" onClick={() => onChange(null)} disabled={disabled}>
              {t('photo.remove')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="photo-pickers">
          {phone && (
            <PickButton label={t('photo.take')} accept={ACCEPT} capture onChange={choose} disabled={disabled} describedBy={describedBy} />
          )}
          <PickButton label={t('photo.choose')} accept={ACCEPT} onChange={choose} disabled={disabled} describedBy={describedBy} />
        </div>
      )}
      {shown && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {shown}
        </p>
      )}
    </fieldset>
  );
}

/** A file input dressed as a button: the input itself stays focusable and named (keyboard, screen readers). */
function PickButton(props: {
  label: string;
  accept: string;
  capture?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  return (
    <span className={`photo-pick btn btn-secondary btn-small${props.disabled ? ' photo-pick-disabled' : ''}`}>
      <input
        id={id}
        type="file"
        accept={props.accept}
        capture={props.capture ? 'environment' : undefined}
        className="photo-pick-input"
        onChange={props.onChange}
        disabled={props.disabled}
        aria-label={props.label}
        aria-describedby={props.describedBy}
      />
      <label htmlFor={id} aria-hidden="true">
        {props.label}
      </label>
    </span>
  );
}
