import { Link, useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { canSeeAdmin } from '../../shared/roles.ts';
import { useRole } from '../auth/use-role.ts';
import { isNew } from '../lib/last-seen.ts';
import { useLastSeen } from '../lib/last-seen-store.ts';
import { navItems } from './nav-items.ts';

/** The same links in the top bar and the hamburger menu (the link of the screen shown has aria-current="page"). */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const role = useRole();
  const lastSeen = useLastSeen();
  const { routeTree } = useRouter();
  const items = useMemo(() => navItems(routeTree), [routeTree]);
  return (
    <ul className="nav-list">
      {items
        .filter((item) => !item.adminOnly || canSeeAdmin(role))
        .map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="nav-link" onClick={onNavigate}>
              {item.label}
              {item.dot && isNew(item.dot, lastSeen) ? (
                <span className="new-dot" data-testid={`new-dot-${item.dot}`}>
                  <span className="visually-hidden"> (new)</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
    </ul>
  );
}
