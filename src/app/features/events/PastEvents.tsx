import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  initialPastCount,
  PAST_END_MARGIN_PX,
  PAST_LAZY_MARGIN_PX,
  PAST_SCROLL_MORE,
  PAST_SHOW_MORE,
  type EventRecord,
} from '../../../shared/event-rules.ts';
import { EventCard } from './EventCard.tsx';
import { PAST_NOTE, PAST_TITLE, SHOW_MORE } from './event-texts.ts';

/** Calls `onEnter` each time `target` comes within `margin` px of the viewport; a new observer per `key`. */
function useNear(
  target: RefObject<Element | null>,
  margin: number,
  onEnter: () => void,
  active: boolean,
  key: unknown,
) {
  const callback = useRef(onEnter);
  useEffect(() => {
    callback.current = onEnter;
  });
  useEffect(() => {
    const el = target.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: `${margin}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [target, margin, active, key]);
}

/**
 * Spec part 2 §4, §9: past events, newest first, start when a sentinel comes
 * within 900 px: about viewport height / 280 + 1 cards, then one more each
 * time the end sentinel (200 px) is reached, or six more per Show more.
 */
export function PastEvents({ events, today }: { events: readonly EventRecord[]; today: string }) {
  const [count, setCount] = useState(0);
  const start = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const started = count > 0;

  useNear(start, PAST_LAZY_MARGIN_PX, () => setCount((c) => c || initialPastCount(window.innerHeight)), !started, 0);
  useNear(
    end,
    PAST_END_MARGIN_PX,
    () => setCount((c) => Math.min(events.length, c + PAST_SCROLL_MORE)),
    started && count < events.length,
    count,
  );

  const shown = events.slice(0, count);
  return (
    <section className="past-events" aria-labelledby="past-events-title">
      <h2 id="past-events-title">{PAST_TITLE}</h2>
      <p className="muted past-note">{PAST_NOTE}</p>
      <div ref={start} className="sentinel" />
      {shown.length ? (
        <ul className="event-grid" aria-label={PAST_TITLE}>
          {shown.map((e) => (
            <EventCard key={e.id} event={e} today={today} />
          ))}
        </ul>
      ) : null}
      <div ref={end} className="sentinel" />
      {started && count < events.length ? (
        <button
          type="button"
          className="button secondary show-more"
          onClick={() => setCount((c) => c + PAST_SHOW_MORE)}
        >
          {SHOW_MORE}
        </button>
      ) : null}
    </section>
  );
}
