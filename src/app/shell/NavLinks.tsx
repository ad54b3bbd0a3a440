import { Link } from '@tanstack/react-router';
import { canSeeAdmin } from '../../shared/roles.ts';
import { useRole } from '../auth/use-role.ts';
import { isNew } from '../lib/last-seen.ts';
import { useLastSeen } from '../lib/last-seen-store.ts';
import { NAV_ITEMS } from './nav-items.ts';

/** The same links in the top bar and the hamburger menu. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const role = useRole();
  const lastSeen = useLastSeen();
  return (
    <ul className="nav-list">
      {NAV_ITEMS.filter((item) => !item.adminOnly || canSeeAdmin(role)).map((item) => (
        <li key={item.to}>
          <Link to={item.to} className="nav-link" activeProps={{ 'aria-current': 'page' }} onClick={onNavigate}>
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
