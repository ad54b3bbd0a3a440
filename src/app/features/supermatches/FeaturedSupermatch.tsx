import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { REDUCED_MOTION, useMediaQuery } from '../../lib/use-media-query.ts';
import { cardHandLabel, dateLabel } from './card-rules.ts';
import { Portraits } from './Portraits.tsx';
import { featuredQuery } from './supermatches-api.ts';
import './supermatches.css';

/** The featured card moves on to the next one every 5 s. */
export const FEATURED_ROTATE_MS = 5000;

/**
 * The featured supermatch on the home screen (a lazy chunk): one of the
 * featured cards at a time, the next every 5 s, paused while the pointer or
 * focus is on it and still with reduced motion (the dots choose then). It
 * links to the card on the supermatches page. While loading it keeps its
 * height; with no featured card it takes no room at all.
 */
export default function FeaturedSupermatch() {
  const { data, isPending } = useQuery(featuredQuery());
  const reduced = useMediaQuery(REDUCED_MOTION);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const cards = data ?? [];
  const count = cards.length;
  const rotating = count > 1 && !reduced && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const t = setTimeout(() => setIndex((i) => (i + 1) % count), FEATURED_ROTATE_MS);
    return () => clearTimeout(t);
  }, [rotating, count, index]);

  if (isPending) return <FeaturedSlot />;
  if (!count) return null;
  const card = cards[index % count]!;

  return (
    <section
      className="sm-featured"
      aria-label="Featured supermatch"
      style={{ '--hue': card.hue } as React.CSSProperties}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <Link
        key={card.id}
        className={`sm-featured-link${count > 1 && !reduced ? ' is-entering' : ''}`}
        to="/supermatches"
        search={{ event: card.eventName ?? undefined, match: card.id }}
        data-match={card.id}
      >
        <Portraits card={card} compact />
        <span className="sm-featured-text">
          <span className="sm-featured-kicker">Featured supermatch</span>
          <span className="sm-featured-title">
            {card.a} vs {card.b}
          </span>
          <span className="sm-featured-when">
            {dateLabel(card.date, new Date())} · {cardHandLabel(card.hand)}
            {card.eventName ? ` · ${card.eventName}` : ''}
          </span>
        </span>
        <span className="sm-featured-cta" aria-hidden="true">
          See the match →
        </span>
      </Link>
      {count > 1 ? (
        <div className="sm-featured-dots">
          {cards.map((c, i) => (
            <button
              key={c.id}
              type="button"
              className="sm-featured-dot"
              aria-label={`Featured match ${i + 1} of ${count}: ${c.a} vs ${c.b}`}
              aria-current={i === index % count ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** The room the featured card takes while it loads. */
export function FeaturedSlot() {
  return (
    <div className="sm-featured is-loading" aria-hidden="true">
      <span className="sm-featured-link" />
    </div>
  );
}
