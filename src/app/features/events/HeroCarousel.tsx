import { useEffect, useState } from 'react';
import type { EventRecord } from '../../../shared/event-rules.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';

/** Autoplay every 7 s, only on a desktop at least 760 px wide and not with reduced motion. */
export const CAROUSEL_MS = 7000;
const AUTOPLAY_QUERY = '(min-width: 760px) and (prefers-reduced-motion: no-preference)';

export function HeroCarousel({ event }: { event: EventRecord }) {
  const images = event.images.length ? event.images : event.image_url ? [event.image_url] : [];
  const [index, setIndex] = useState(0);
  const autoplay = useMediaQuery(AUTOPLAY_QUERY) && images.length > 1;
  useEffect(() => {
    if (!autoplay) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % images.length), CAROUSEL_MS);
    return () => clearInterval(t);
  }, [autoplay, images.length, index]);
  if (!images.length) return null;
  const current = Math.min(index, images.length - 1);
  return (
    <div className="event-hero" role="group" aria-roledescription="carousel" aria-label="Event pictures">
      <img
        className="event-hero-img"
        src={images[current]}
        alt={`${event.name}, picture ${current + 1} of ${images.length}`}
        style={{ objectPosition: event.image_position === 'top' ? 'center top' : 'center' }}
      />
      {images.length > 1 ? (
        <div className="event-hero-dots">
          {images.map((url, i) => (
            <button
              key={`${url}-${i}`}
              type="button"
              className="event-hero-dot"
              aria-label={`Show picture ${i + 1} of ${images.length}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
