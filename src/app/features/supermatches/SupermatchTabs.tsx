import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type Tab = 'upcoming' | 'past';
const TABS: { id: Tab; label: string }[] = [
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'past', label: 'Past' },
];

/**
 * Upcoming and Past as real tabs: one Tab stop on the selected tab, the arrow
 * keys (and Home, End) move and select, the panel is labelled by its tab.
 */
export function SupermatchTabs({
  tab,
  onChange,
  children,
}: {
  tab: Tab;
  onChange: (tab: Tab) => void;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ upcoming: null, past: null });
  const tabId = (t: Tab) => `${base}-tab-${t}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? (i + 1) % TABS.length
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? (i - 1 + TABS.length) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    const t = TABS[next]!.id;
    onChange(t);
    refs.current[t]?.focus();
  };

  return (
    <>
      <div className="sm-tabs" role="tablist" aria-label="Supermatches" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            id={tabId(t.id)}
            type="button"
            role="tab"
            className="sm-tab"
            aria-selected={tab === t.id}
            aria-controls={panelId}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => onChange(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} className="sm-panel">
        {children}
      </div>
    </>
  );
}
