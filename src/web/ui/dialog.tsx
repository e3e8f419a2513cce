import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The buttons; the first focusable element inside gets focus unless `initialFocus` names one. */
  actions: ReactNode;
  onClose: () => void;
  busy?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal (the native <dialog>: focus stays inside, Escape closes unless busy, the page behind is
 * inert): questions and small forms (block, report, confirm).
 */
export function Dialog({ open, title, children, actions, onClose, busy, initialFocus }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="dialog-body">{children}</div>
      <div className="actions">{actions}</div>
    </dialog>
  );
}
