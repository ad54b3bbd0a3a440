/**
 * What a card shows while its list loads: the picture's box and two lines of
 * text, in the card's own classes (`{card}-media`, `{card}-text`), so the
 * card keeps its size when the real one takes its place.
 */
export function SkeletonCardBody({ card }: { card: 'club-card' | 'event-card' }) {
  return (
    <>
      <span className={`${card}-media`} />
      <span className={`${card}-text`}>
        <span className="skeleton-line" />
        <span className="skeleton-line short" />
      </span>
    </>
  );
}
