import type { Crop } from '../../../shared/supermatches.ts';
import type { SupermatchCard } from '../../../shared/answers/supermatches.ts';
import { usePortraitStyle } from '../../lib/portrait.ts';
import { initials, winnerOf } from './card-rules.ts';

/**
 * The two athletes side by side, split by a seam through the middle tilted
 * -12°: A on the left, B on the right. A picture is framed by its crop; an
 * athlete without one shows initials on the card's hue. Once the result is in
 * the winner is lit and the loser dimmed. Decorative: the names are text below.
 */
function Pane({
  side,
  name,
  url,
  crop,
  outcome,
  eager,
}: {
  side: 'left' | 'right';
  name: string;
  url: string | null;
  crop: Crop;
  outcome: 'winner' | 'loser' | null;
  eager: boolean;
}) {
  const portrait = usePortraitStyle(crop, url);
  return (
    <div className={`sm-pane sm-pane-${side}${outcome ? ` is-${outcome}` : ''}`}>
      {url ? (
        // The editor's 3:5 frame, grown to cover the pane (top kept, the sides or the foot cut).
        <span className="sm-frame">
          <img src={url} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" {...portrait} />
        </span>
      ) : (
        <span className="sm-initials">{initials(name)}</span>
      )}
    </div>
  );
}

/**
 * `eager`: the card is among the first on screen, so its pictures are asked for at once instead of after
 * layout finds them near the viewport (they are what paints last on a first visit).
 */
export function Portraits({
  card,
  compact = false,
  eager = false,
}: {
  card: SupermatchCard;
  compact?: boolean;
  eager?: boolean;
}) {
  const winner = winnerOf(card);
  const outcome = (side: 'a' | 'b') => (winner ? (winner === side ? 'winner' : 'loser') : null);
  return (
    <div
      className={`sm-portraits${compact ? ' compact' : ''}`}
      style={{ '--hue': card.hue } as React.CSSProperties}
      aria-hidden="true"
    >
      <Pane side="left" name={card.a} url={card.leftImage} crop={card.leftCrop} outcome={outcome('a')} eager={eager} />
      <Pane
        side="right"
        name={card.b}
        url={card.rightImage}
        crop={card.rightCrop}
        outcome={outcome('b')}
        eager={eager}
      />
      <span className="sm-seam" />
      {compact ? null : winner ? (
        <span className="sm-vs sm-score">
          {card.aWins}–{card.bWins}
        </span>
      ) : (
        <span className="sm-vs">VS</span>
      )}
    </div>
  );
}
