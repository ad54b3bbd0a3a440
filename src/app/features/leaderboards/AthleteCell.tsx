import type { Hand, Leaderboard } from '../../../shared/rankings.ts';
import { rankBadge, skillText } from '../../ui/rank-badge.ts';
import { MagnifierIcon, MedalIcon, RankBadgeIcon } from '../../ui/icons.tsx';

/**
 * One athlete in one hand's column. Front: the name. Tapped, it flips to the
 * skill, medals and badges, with a magnifier that opens the athlete popup.
 */
export function AthleteCell({
  board,
  hand,
  name,
  overallRank,
  flipped,
  dev,
  onFlip,
  onOpen,
}: {
  board: Leaderboard;
  hand: Hand;
  name: string;
  overallRank: number;
  flipped: boolean;
  dev: boolean;
  onFlip: () => void;
  onOpen: () => void;
}) {
  if (!flipped) {
    return (
      <button type="button" className="cell-front" aria-expanded={false} onClick={onFlip}>
        {name}
      </button>
    );
  }
  const medals = [...(board.medals_pro[name] ?? []), ...(board.medals_am[name] ?? [])].filter((m) => m.hand === hand);
  const shown = medals.slice(0, 4);
  return (
    <div className="cell-back">
      <button
        type="button"
        className="cell-flip"
        aria-expanded={true}
        aria-label={`${name}: skill and medals`}
        onClick={onFlip}
      >
        <span className="cell-skill">
          <span className="label">Skill</span> {skillText(board.cons_now[hand][name], dev)}
        </span>
        <span className="cell-icons">
          <RankBadgeIcon badge={rankBadge(overallRank)} scope="overall" />
          {shown.map((m, i) => (
            <MedalIcon key={i} place={m.place} title={m.display_text} />
          ))}
          {medals.length > shown.length ? <span className="more">+{medals.length - shown.length}</span> : null}
        </span>
      </button>
      <button type="button" className="magnifier" aria-label={`Open ${name}`} onClick={onOpen}>
        <MagnifierIcon />
      </button>
    </div>
  );
}
