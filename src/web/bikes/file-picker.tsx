import { type ChangeEvent, useId, useRef } from 'react';
import { Spinner } from '../ui/spinner';

interface FilePickerProps {
  label: string;
  accept: string;
  onFile: (file: File) => void;
  busy?: boolean;
  disabled?: boolean;
  /** An accessible name more precise than the visible label, e.g. "Upload frame-number picture". */
  ariaLabel?: string;
  variant?: 'primary' | 'secondary';
}

/**
 * A button that opens the file chooser (on a phone: the camera or the photo library). The input itself
 * is visually hidden but focusable, so it is reached by keyboard and named for screen readers.
 */
export function FilePicker({ label, accept, onFile, busy, disabled, ariaLabel, variant = 'secondary' }: FilePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once, so choosing the same file again is a change too.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <span className={`file-picker btn btn-${variant}${disabled || busy ? ' file-picker-disabled' : ''}`}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        className="file-picker-input"
        onChange={change}
        disabled={disabled || busy}
        aria-label={ariaLabel ?? label}
        aria-busy={busy || undefined}
      />
      <label htmlFor={id} aria-hidden="true">
        {busy && <Spinner size="small" />}
        <span>{label}</span>
      </label>
    </span>
  );
}
