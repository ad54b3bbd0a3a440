import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { suggestAthletes, suggestionLabel, type Suggestion } from './athlete-suggestions.ts';
import { Field, idList } from './Field.tsx';

/**
 * Free text with a suggestion list,
 * as the ARIA combobox pattern (list autocomplete, focus stays in the input,
 * the active option is aria-activedescendant). The rules of what is suggested
 * live in athlete-suggestions.ts. When locked there is nothing to type into:
 * the locked name is shown read-only. A whole field (ui/Field): its label,
 * hint and error line come with it.
 */
export interface AthleteSelectProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The names to suggest, in any order, duplicates allowed. */
  names: readonly string[];
  locked?: boolean;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** Ids of texts outside the field that also describe it. */
  describedBy?: string | undefined;
  onBlur?: () => void;
  id?: string;
  name?: string;
  className?: string;
}

export function AthleteSelect({
  label,
  value,
  onValue,
  names,
  locked = false,
  disabled = false,
  required = false,
  placeholder,
  hint,
  error,
  describedBy,
  onBlur,
  id,
  name,
  className,
}: AthleteSelectProps) {
  const autoId = useId();
  const listId = `${autoId}-list`;
  const optionId = (i: number) => `${autoId}-option-${i}`;
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);

  const suggestions = useMemo(() => suggestAthletes(names, value, { locked }), [names, value, locked]);
  const open = expanded && !locked && !disabled && suggestions.length > 0;
  const activeIndex = open && active < suggestions.length ? active : -1;

  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setExpanded(false);
    setActive(-1);
  };
  const choose = (s: Suggestion) => {
    onValue(s.name);
    close();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = suggestions.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!n) return;
        setExpanded(true);
        setActive(open ? (activeIndex + 1) % n : 0);
        return;
      case 'ArrowUp':
        e.preventDefault();
        if (!n) return;
        setExpanded(true);
        setActive(open ? (activeIndex <= 0 ? n - 1 : activeIndex - 1) : n - 1);
        return;
      case 'Enter':
        // With the list open, Enter picks (or just closes the list); it never submits the form from here.
        if (!open) return;
        e.preventDefault();
        if (activeIndex >= 0) choose(suggestions[activeIndex]!);
        else close();
        return;
      case 'Escape':
        // Only the list closes: a dialog around the field stays open.
        if (!open) return;
        e.preventDefault();
        e.stopPropagation();
        close();
        return;
      case 'Tab':
        close();
        return;
    }
  };

  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      describedBy={describedBy}
      className={idList('athlete-select', className)}
    >
      {(control) =>
        locked ? (
          <input {...control} name={name} className="input" value={value} readOnly aria-readonly="true" />
        ) : (
          <div className="combobox">
            <input
              {...control}
              name={name}
              className="input"
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={listId}
              aria-activedescendant={activeId}
              aria-required={required || undefined}
              autoComplete="off"
              autoCapitalize="words"
              spellCheck={false}
              placeholder={placeholder}
              disabled={disabled}
              value={value}
              onChange={(e) => {
                onValue(e.target.value);
                setExpanded(true);
                setActive(-1);
              }}
              onClick={() => setExpanded(true)}
              onKeyDown={onKeyDown}
              onBlur={() => {
                close();
                onBlur?.();
              }}
            />
            <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="suggestions" hidden={!open}>
              {open
                ? suggestions.map((s, i) => (
                    <li
                      key={`${s.kind}:${s.name}`}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === activeIndex}
                      className={`suggestion${s.kind === 'add' ? ' suggestion-add' : ''}`}
                      // Keep focus in the input: the click below picks.
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseMove={() => {
                        if (i !== activeIndex) setActive(i);
                      }}
                      onClick={() => choose(s)}
                    >
                      {suggestionLabel(s)}
                    </li>
                  ))
                : null}
            </ul>
          </div>
        )
      }
    </Field>
  );
}
