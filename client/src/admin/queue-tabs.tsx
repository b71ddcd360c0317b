// A section's queues as tabs (WAI-ARIA tabs pattern): one tab in the Tab order, the arrow keys,
// Home and End move between them and open the one they reach, and the panel under them is named by
// the open tab. The Discussions and Mail outbox sections show their queues this way.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './queue-tabs.css';

interface QueueTabsProps<T extends string> {
  /** The tab list's name ("Discussion queues"). */
  label: string;
  tabs: ReadonlyArray<{ id: T; label: string }>;
  current: T;
  onChange: (id: T) => void;
  /** The open queue. */
  children: ReactNode;
}

export function QueueTabs<T extends string>({ label, tabs, current, onChange, children }: QueueTabsProps<T>) {
  const base = useId();
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = tabs.findIndex((tab) => tab.id === current);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onChange(tab.id);
    buttons.current.get(tab.id)?.focus();
  }

  return (
    <div className="queue-tabs">
      <div role="tablist" aria-label={label} className="queue-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(button) => {
                if (button) buttons.current.set(tab.id, button);
                else buttons.current.delete(tab.id);
              }}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className="queue-tabs__tab"
              onClick={() => onChange(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(current)} className="queue-tabs__panel" tabIndex={-1}>
        {children}
      </div>
    </div>
  );
}
