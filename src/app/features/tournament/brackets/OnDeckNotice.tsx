import { useEffect, useRef, useState } from 'react';
import { QUEUE_LABELS } from '../../../../shared/tournament/index.ts';
import type { AthleteFind } from './bracket-view.ts';

const ON_DECK = `· ${QUEUE_LABELS[1].toLowerCase()}`;

/**
 * 'Tell me when on deck': while the page is open, a notification when the athlete found goes on deck in one of
 * their categories. Permission is asked for only on this click; where the browser has no notifications, or they
 * were refused, nothing is offered.
 */
export function OnDeckNotice({ name, finds }: { name: string; finds: readonly AthleteFind[] }) {
  const supported = typeof Notification !== 'undefined';
  const [watching, setWatching] = useState<string | null>(null);
  const told = useRef(new Map<number, string>());
  useEffect(() => {
    if (watching === null || watching !== name) return;
    for (const { category, text } of finds) {
      const before = told.current.get(category.id);
      told.current.set(category.id, text);
      if (text.endsWith(ON_DECK) && before !== text) {
        new Notification(`${name} is on deck`, { body: `${category.name}: ${text}`, tag: `on-deck-${category.id}` });
      }
    }
  }, [watching, name, finds]);
  const waiting = finds.some((f) => f.text.startsWith('Table '));
  if (!supported || !waiting || Notification.permission === 'denied') return null;
  if (watching === name) {
    return (
      <p className="muted" role="status">
        This page tells you when {name} is on deck, while it stays open.
      </p>
    );
  }
  return (
    <button
      type="button"
      className="button secondary small"
      onClick={() =>
        void Notification.requestPermission().then((permission) => {
          told.current.clear();
          setWatching(permission === 'granted' ? name : null);
        })
      }
    >
      Tell me when on deck
    </button>
  );
}
