import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
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

/**
 * Calls `onEnter` each time `target` comes within `margin` px of the viewport: once per arrival, never again
 * while it stays there (one observer for as long as `active`; it reports changes only).
 */
function useOnEntry(target: RefObject<Element | null>, margin: number, onEnter: () => void, active: boolean) {
  const callback = useRef(onEnter);
  useEffect(() => {
    callback.current = onEnter;
  });
  useEffect(() => {
    const el = target.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.at(-1)?.isIntersecting) callback.current();
      },
      { rootMargin: `${margin}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [target, margin, active]);
}

const onScreen = (el: Element) => {
  const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight;
};

/**
 * Past events, newest first. The first cards come when the section nears the viewport (enough to fill about
 * one screen); after that the end of the list adds one card each time it comes into reach, and Show more
 * adds six. Show more stays where a person is about to press it: a card the end of the list brings in never
 * lands while the pointer is on the button, and when the button is on screen the page keeps it in place.
 */
export function PastEvents({ events, today }: { events: readonly EventRecord[]; today: string }) {
  const [count, setCount] = useState(0);
  const start = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  // Where Show more was on screen before the end of the list added a card; null when it was not on screen.
  const moreTop = useRef<number | null>(null);
  const started = count > 0;
  const titleId = useId();

  useOnEntry(start, PAST_LAZY_MARGIN_PX, () => setCount((c) => c || initialPastCount(window.innerHeight)), !started);
  useOnEntry(
    end,
    PAST_END_MARGIN_PX,
    () => {
      const button = more.current;
      if (button?.matches(':hover')) return;
      moreTop.current = button && onScreen(button) ? button.getBoundingClientRect().top : null;
      setCount((c) => Math.min(events.length, c + PAST_SCROLL_MORE));
    },
    started && count < events.length,
  );

  // Before the new card is painted: scroll by as much as it pushed Show more down, so the button holds still.
  useLayoutEffect(() => {
    const top = moreTop.current;
    moreTop.current = null;
    const button = more.current;
    if (top === null || !button) return;
    const moved = button.getBoundingClientRect().top - top;
    if (moved) window.scrollBy(0, moved);
  }, [count]);

  const shown = events.slice(0, count);
  return (
    <section className="past-events" aria-labelledby={titleId}>
      <h2 id={titleId}>{PAST_TITLE}</h2>
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
          ref={more}
          type="button"
          className="button secondary show-more"
          onClick={() => setCount((c) => Math.min(events.length, c + PAST_SHOW_MORE))}
        >
          {SHOW_MORE}
        </button>
      ) : null}
    </section>
  );
}
