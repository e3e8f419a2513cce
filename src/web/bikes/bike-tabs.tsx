import { type KeyboardEvent, type ReactNode, useRef } from 'react';

interface TabsProps<T extends string> {
  label: string;
  tabs: readonly { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
  idPrefix: string;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop, arrow keys move between the
 * tabs and select them, Home and End go to the first and last. The panel follows the selected tab.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children, idPrefix }: TabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );

  const move = (to: number) => {
    const next = (to + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    let to: number;
    if (event.key === 'ArrowRight') to = index + 1;
    else if (event.key === 'ArrowLeft') to = index - 1;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = tabs.length - 1;
    else return;
    event.preventDefault();
    move(to);
  };

  return (
    <div className="bike-tabs">
      <div role="tablist" aria-label={label} className="bike-tablist">
        {tabs.map((tab, i) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                refs.current[i] = element;
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${idPrefix}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              className={`bike-tab${active ? ' bike-tab-active' : ''}`}
              onClick={() => onSelect(tab.id)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel-${selected}`} aria-labelledby={`${idPrefix}-tab-${selected}`} className="bike-tabpanel">
        {children}
      </div>
    </div>
  );
}
