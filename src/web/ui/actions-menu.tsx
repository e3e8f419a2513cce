import { createContext, type KeyboardEvent, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import './actions-menu.css';

// A button that shows and hides a short list of actions (the disclosure pattern: the items stay links and
// buttons, so they are announced and activated as such). Opening puts focus on the first action; the arrow
// keys, Home and End move between them; Escape closes and gives focus back to the button; a tap or click
// outside, or focus leaving, closes it; choosing an action closes it.

const CloseContext = createContext<() => void>(() => {});

const items = (list: HTMLElement | null): HTMLElement[] =>
  list ? [...list.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)')] : [];

export function ActionsMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items(list.current)[0]?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
      return;
    }
    const all = items(list.current);
    if (!open || all.length === 0) return;
    const at = all.indexOf(document.activeElement as HTMLElement);
    let to: number;
    if (event.key === 'ArrowDown') to = (at + 1) % all.length;
    else if (event.key === 'ArrowUp') to = (at - 1 + all.length) % all.length;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = all.length - 1;
    else return;
    event.preventDefault();
    all[to]?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys are handled for the button and the actions inside
    <div
      ref={root}
      className="actions-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-secondary actions-menu-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        <span>{label}</span>
        <span className="actions-menu-caret" aria-hidden="true" />
      </button>
      <ul ref={list} id={listId} className="actions-menu-list" hidden={!open}>
        <CloseContext.Provider value={() => close(true)}>{children}</CloseContext.Provider>
      </ul>
    </div>
  );
}

/** An action of the menu that goes to another page. */
export function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  const close = useContext(CloseContext);
  return (
    <li>
      <Link to={to} className="actions-menu-item" onClick={close}>
        {children}
      </Link>
    </li>
  );
}

/**
 * An action of the menu done on this page (e.g. one that opens a dialog). The menu closes and gives focus
 * back to its button first, so a dialog opened by the action returns focus there when it closes.
 */
export function MenuAction({ onSelect, tone, children }: { onSelect: () => void; tone?: 'danger'; children: ReactNode }) {
  const close = useContext(CloseContext);
  return (
    <li>
      <button
        type="button"
        className={`actions-menu-item${tone ? ` actions-menu-item-${tone}` : ''}`}
        onClick={() => {
          close();
          onSelect();
        }}
      >
        {children}
      </button>
    </li>
  );
}
