import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerificationStatus } from '../../domain/ownership';
import { Spinner } from '../ui/spinner';
import './verify.css';

// Pieces the verify-ownership pages share: the status pill, the picture chooser with the camera, and
// the name of the national ID the user will meet (MitID in Denmark, BankID in Norway).

export const VERIFY_BASE = '/app/bikes/verify-ownership';
export const framePath = (bikeId: string) => `${VERIFY_BASE}/${encodeURIComponent(bikeId)}/frame`;
export const ownerPath = (bikeId: string) => `${VERIFY_BASE}/${encodeURIComponent(bikeId)}/owner`;

export function StatusPill({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('ownership-verify');
  return (
    <span className={`verify-status verify-status-${status}`}>
      {status === 'verified' && <span aria-hidden="true">✓ </span>}
      <span>{t(`status.${status}`)}</span>
    </span>
  );
}

interface PickerProps {
  label: string;
  onFile: (file: File) => void;
  busy?: boolean;
  /** On a phone: open the rear camera at once instead of the photo library. */
  camera?: boolean;
  variant?: 'primary' | 'secondary';
}

/**
 * A button that opens the camera or the file chooser, styled like the bikes' file picker: the input
 * itself is transparent over the label, so it is reached by keyboard and named for screen readers.
 */
export function PicturePicker({ label, onFile, busy, camera, variant = 'secondary' }: PickerProps) {
  const id = useId();
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once, so choosing the same file again is a change too.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <span className={`file-picker btn btn-${variant}${busy ? ' file-picker-disabled' : ''}`}>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture={camera ? 'environment' : undefined}
        className="file-picker-input"
        onChange={change}
        disabled={busy}
        aria-label={label}
        aria-busy={busy || undefined}
      />
      <label htmlFor={id} aria-hidden="true">
        {busy && <Spinner size="small" />}
        <span>{label}</span>
      </label>
    </span>
  );
}
