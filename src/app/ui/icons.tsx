import { medalColour } from '../../shared/medal-colour.ts';
import type { RankBadge } from './rank-badge.ts';

/** Medal and badge images are ours, served from public/ (nothing loads from outside). */
export function MedalIcon({ place, title }: { place: number; title: string }) {
  return <img className="medal-icon" src={`/medals/${medalColour(place)}.svg`} alt={title} width="18" height="18" />;
}

export function RankBadgeIcon({ badge, scope }: { badge: RankBadge; scope: 'overall' | 'class' }) {
  if (!badge) return null;
  const what = `${scope === 'overall' ? 'Overall' : 'Class'} rank ${badge.rank}`;
  if (badge.kind === 'trophy') {
    return <img className="badge-icon" src={`/badges/trophy-${badge.rank}.svg`} alt={what} width="20" height="20" />;
  }
  return (
    <span className={`rank-badge ${badge.kind}`} role="img" aria-label={what}>
      {badge.rank}
    </span>
  );
}

export function MagnifierIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M15 15l6 6" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
