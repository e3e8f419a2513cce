import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlateCheck } from '../../domain/bikes';
import { PLATE_ID_MIN_LENGTH } from '../../domain/constants';
import { checkPlate } from '../bikes/bikes-api';
import { CheckboxField, TextField } from '../ui/field';
import { Spinner } from '../ui/spinner';
import type { PlateReading } from './plate-reader';
import type { RegisterForm as Form } from './register-values';

type Reading = PlateReading | { kind: 'reading' } | null;

/**
 * Step 2: the plate. A photo of it is read in the browser (QR code → plate ID), or the ID printed under
 * the code is typed; either way the ID is checked (§4 plate check) and the answer shown, not blocking.
 */
export function PlateStep({ form, photo, onPhoto }: { form: Form; photo: File | null; onPhoto: (file: File | null) => void }) {
  const { t } = useTranslation(['register', 'bike-terms']);
  const { values, setValue } = form;
  const [reading, setReading] = useState<Reading>(null);
  const preview = usePreview(photo);
  const check = usePlateCheck(values.bikekey_id);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    onPhoto(file);
    setReading({ kind: 'reading' });
    const { readPlateFromPhoto } = await import('./plate-reader');
    const result = await readPlateFromPhoto(file);
    setReading(result);
    if (result.kind === 'plate') {
      setValue('bikekey_id', result.plateId);
      setValue('plate_later', false);
    }
  };

  return (
    <fieldset className="register-step">
      <legend>
        <span className="step-number" aria-hidden="true">
          2
        </span>
        <span>{t('register:step2.title')}</span>
      </legend>
      <p className="muted">{t('register:step2.lead')}</p>
      <div className="plate-photo">
        <label className="btn btn-secondary photo-button">
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="photo-input"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <span>{photo ? t('register:step2.photoAgain') : t('register:step2.photo')}</span>
        </label>
        {preview && <img className="plate-preview" src={preview} alt={t('register:step2.previewAlt')} />}
      </div>
      <div role="status" aria-live="polite" className="plate-reading">
        {reading?.kind === 'reading' && (
          <span className="inline-status">
            <Spinner size="small" /> {t('register:step2.reading')}
          </span>
        )}
        {reading && reading.kind !== 'reading' && (
          <p className={`note note-${reading.kind === 'plate' ? 'good' : 'warn'}`}>
            {reading.kind === 'plate' ? t('register:step2.read', { id: reading.plateId }) : t(`register:step2.${reading.kind}`)}
          </p>
        )}
      </div>
      <TextField
        {...form.field('bikekey_id')}
        label={t('bike-terms:field.bikekey_id')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={t('register:step2.idHint')}
      />
      <div role="status" aria-live="polite" className="plate-check">
        {check.state === 'checking' && (
          <span className="inline-status">
            <Spinner size="small" /> {t('register:step2.checking')}
          </span>
        )}
        {check.state === 'done' && (
          <p className={`note note-${check.result.status === 'valid' ? 'good' : 'warn'}`}>{check.result.message}</p>
        )}
      </div>
      <CheckboxField
        {...form.checkbox('plate_later')}
        onChange={(e) => {
          setValue('plate_later', e.target.checked);
          if (e.target.checked) setValue('bikekey_id', '');
        }}
        label={t('register:step2.later')}
      />
    </fieldset>
  );
}

function usePreview(photo: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(photo);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [photo]);
  return url;
}

type CheckState = { state: 'idle' } | { state: 'checking' } | { state: 'done'; result: PlateCheck };

/** Checks the typed plate ID once typing pauses; a newer ID cancels the check of an older one. */
function usePlateCheck(raw: string): CheckState {
  const id = raw.replace(/\s/g, '').toUpperCase();
  const [state, setState] = useState<CheckState>({ state: 'idle' });
  useEffect(() => {
    if (id.length < PLATE_ID_MIN_LENGTH) {
      setState({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ state: 'checking' });
      checkPlate(id, controller.signal).then(
        (result) => setState({ state: 'done', result }),
        // A failed check says nothing: registering will give the real answer.
        () => !controller.signal.aborted && setState({ state: 'idle' }),
      );
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [id]);
  return state;
}
