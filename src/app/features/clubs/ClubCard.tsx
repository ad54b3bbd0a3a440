import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { Club } from '../../../shared/clubs.ts';
import { ClubImage } from './ClubImage.tsx';

export const placeOf = (club: Pick<Club, 'city' | 'region'>) => [club.city, club.region].filter(Boolean).join(', ');
export const membersLabel = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

export function VerifiedMark() {
  return (
    <svg className="club-verified-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 1.5l2.6 2.1 3.3-.3 1 3.2 2.9 1.6-.9 3.2 1.4 3-2.7 2-.4 3.3-3.3.4-2 2.7-3-1.4-3.2.9-1.6-2.9-3.2-1 .3-3.3L1.5 12l2.1-2.6-.3-3.3 3.2-1 1.6-2.9 3.2.9z"
      />
      <path
        fill="none"
        stroke="var(--bg)"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M7.5 12.3l3 3 6-6.3"
      />
    </svg>
  );
}

/**
 * One club in the grid: its picture (or drawn placeholder), name, place, verified mark, leaders and size. Opens the
 * club. Memoized: while the grid grows in steps, the cards already there are not drawn again.
 */
export const ClubCard = memo(function ClubCard({ club, localEdit }: { club: Club; localEdit: boolean }) {
  const place = placeOf(club);
  return (
    <li>
      <Link
        className="club-card"
        to="/clubs"
        search={{ club: club.name }}
        state={{ clubFromList: true }}
        resetScroll={false}
        aria-label={`${club.name}${club.verified ? ', verified' : ''}${place ? `, ${place}` : ''}, ${membersLabel(club.members_count)}`}
      >
        <span className="club-card-media">
          <ClubImage name={club.name} url={club.image_url} />
          {club.out_of_state ? <span className="club-card-badge">Out of state</span> : null}
        </span>
        <span className="club-card-text">
          <span className="club-card-name">
            {club.name}
            {club.verified ? (
              <span className="club-verified" title="Verified">
                <VerifiedMark />
              </span>
            ) : null}
          </span>
          {place ? <span className="club-card-place">{place}</span> : null}
          {club.leaders.length ? (
            <span className="club-card-leaders">
              <span className="muted">Led by </span>
              {club.leaders.join(', ')}
            </span>
          ) : null}
          <span className="club-card-foot">
            <span className="club-card-count">{membersLabel(club.members_count)}</span>
            {localEdit ? <span className="club-local-badge">Edited on this device</span> : null}
          </span>
        </span>
      </Link>
    </li>
  );
});
