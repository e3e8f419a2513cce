import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A whole number from min to max: type it, or step with − and +. */
export function QuantityStepper({
  label,
  value,
  min,
  max,
  onChange,
  hint,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  hint?: string;
}) {
  const { t } = useTranslation('webshop');
  const id = useId();
  const set = (next: number) => onChange(Math.min(max, Math.max(min, Math.round(next))));
  return (
    <div className="field quantity">
      <label htmlFor={id}>{label}</label>
      <div className="quantity-row">
        <button
          type="button"
          className="btn btn-secondary quantity-step"
          onClick={() => set(value - 1)}
          disabled={value <= min}
          aria-label={t('quantity.less')}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => {
            const typed = Number(event.target.value);
            if (event.target.value !== '' && Number.isFinite(typed)) set(typed);
          }}
        />
        <button
          type="button"
          className="btn btn-secondary quantity-step"
          onClick={() => set(value + 1)}
          disabled={value >= max}
          aria-label={t('quantity.more')}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
