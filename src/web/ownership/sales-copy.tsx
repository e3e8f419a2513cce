import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

/**
 * A sales link to copy: the address in a read-only field (selectable by hand) and a button that puts it
 * on the clipboard. Where the clipboard is not allowed, the address is selected and the user is told to copy it.
 */
export function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation('sales');
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      field.current?.select();
      setState('manual');
    }
  };
  return (
    <div className="sales-copy">
      <label htmlFor={id} className="visually-hidden">
        {t('copy.label')}
      </label>
      <input id={id} ref={field} className="sales-copy-field" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
      <Button variant="secondary" className="btn-small" onClick={() => void copy()}>
        {t('copy.button')}
      </Button>
      <span className="sales-copy-state" role="status">
        {state === 'copied' ? t('copy.copied') : state === 'manual' ? t('copy.manual') : ''}
      </span>
    </div>
  );
}
