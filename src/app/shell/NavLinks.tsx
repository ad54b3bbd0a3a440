import type { ReactNode } from 'react';
import { canSeeAdmin } from '../../shared/roles.ts';
import { useRole } from '../auth/use-role.ts';
import { isNew } from '../lib/last-seen.ts';
import { useLastSeen } from '../lib/last-seen-store.ts';
import { useCurrentPage } from '../lib/navigation.ts';
import { Link } from '../ui/Link.tsx';
import { NAV_ITEMS, type NavItem } from './nav-items.ts';

/** The same links in the top bar and the hamburger menu. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const role = useRole();
  const lastSeen = useLastSeen();
  return (
    <ul className="nav-list">
      {NAV_ITEMS.filter((item) => !item.adminOnly || canSeeAdmin(role)).map((item) => (
        <li key={item.to}>
          <NavLink item={item} onNavigate={onNavigate}>
            {item.dot && isNew(item.dot, lastSeen) ? (
              <span className="new-dot" data-testid={`new-dot-${item.dot}`}>
                <span className="visually-hidden"> (new)</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function NavLink({ item, onNavigate, children }: { item: NavItem; onNavigate?: () => void; children: ReactNode }) {
  return (
    <Link to={item.to} className="nav-link" aria-current={useCurrentPage(item.to)} onClick={onNavigate}>
      {item.label}
      {children}
    </Link>
  );
}
