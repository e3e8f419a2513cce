import { type ReactNode, useEffect, useRef } from 'react';

// The review's keyboard: single letters act on the page (N next, M matches, D differs, P previous step, S skip,
// A approve, R reject), except while typing in a field, with a modifier held, or with a dialog open.

type Shortcuts = Partial<Record<string, () => void>>;

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useShortcuts(shortcuts: Shortcuts) {
  const current = useRef(shortcuts);
  current.current = shortcuts;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      if (typing(event.target) || document.querySelector('dialog[open]')) return;
      const action = current.current[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** A key as it is shown on a button; hidden from screen readers, which read aria-keyshortcuts instead. */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <span className="review-kbd" aria-hidden="true">
      {children}
    </span>
  );
}
