import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A review queue's table. Each row opens its item: a click anywhere on the
 * row, or its button (Enter or Space). The rows take one Tab stop together:
 * Arrow Up/Down (or k/j, as in mail readers), Home and End move between the
 * rows' buttons, so a long queue is crossed without tabbing through every row.
 */
export interface Column<T> {
  /** The column's class, for its width and its place in the phone layout. */
  className: string;
  header: ReactNode;
  /** `open(label)` is the row's button; exactly one column calls it. */
  render: (item: T, open: (label: ReactNode) => ReactNode) => ReactNode;
}

export function ReviewTable<T extends { id: number }>({
  caption,
  columns,
  items,
  onOpen,
  className,
}: {
  caption: string;
  columns: Column<T>[];
  items: T[];
  onOpen: (item: T) => void;
  className?: string;
}) {
  const [active, setActive] = useState(0);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  // The list shrinks when a filter changes or a decision moves a row away.
  const current = Math.min(active, Math.max(items.length - 1, 0));

  const focusRow = (index: number) => {
    const target = items[Math.max(0, Math.min(items.length - 1, index))];
    if (target) buttons.current.get(target.id)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      j: current + 1,
      ArrowUp: current - 1,
      k: current - 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    focusRow(next);
  };

  return (
    <>
      <p className="review-keys-hint muted">↑ ↓ or j k move between rows · Enter opens</p>
      {/* The roles keep the table a table for screen readers where the phone layout turns rows into cards. */}
      <table role="table" className={`review-table ${className ?? ''}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c) => (
              <th key={c.className} role="columnheader" scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" onKeyDown={onKeyDown}>
          {items.map((item, index) => {
            const open = (label: ReactNode) => (
              <button
                type="button"
                className="review-open"
                tabIndex={index === current ? 0 : -1}
                ref={(el) => {
                  if (el) buttons.current.set(item.id, el);
                  else buttons.current.delete(item.id);
                }}
                onFocus={() => setActive(index)}
              >
                {label}
              </button>
            );
            return (
              <tr
                key={item.id}
                role="row"
                onClick={() => {
                  // The row's button takes focus first, so closing the modal brings focus back to this row.
                  buttons.current.get(item.id)?.focus();
                  onOpen(item);
                }}
              >
                {columns.map((c) => (
                  <td key={c.className} role="cell" className={c.className}>
                    {c.render(item, open)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
