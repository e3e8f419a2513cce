import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { frameNumberHints } from '../../domain/bikes/frame-number';
import { TextField } from '../ui/field';
import { hintText } from './bike-terms';

interface FrameNumberFieldProps {
  name: string;
  value: string;
  error?: string;
  onChange: React.ChangeEventHandler<HTMLInputElement>;
  onBlur: () => void;
  onFocus: () => void;
  brandId?: string | null;
  productionYear?: number | null;
  required?: boolean;
}

/**
 * The frame number with the live §5 plausibility hints under it (never blocking): the same rules as
 * registration, fed with the brand and production year chosen in the form.
 */
export function FrameNumberField({ brandId, productionYear, ...field }: FrameNumberFieldProps) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const hints = useMemo(
    () => (field.value.trim().length >= 3 || brandId ? frameNumberHints(field.value, { brandId, productionYear }) : []),
    [field.value, brandId, productionYear],
  );
  return (
    <div className="frame-number-field">
      <TextField
        label={t('bike-terms:field.frame_number')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={t('edit.frameHint')}
        {...field}
      />
      <div className="frame-hints" aria-live="polite">
        {hints.length > 0 && (
          <ul className="bike-hints" aria-label={t('edit.hintsLabel')}>
            {hints.map((hint) => (
              <li key={hint.code}>{hintText(hint, t, brandId)}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
