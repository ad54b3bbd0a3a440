import type { DottedRoute } from '../lib/last-seen.ts';

export interface NavItem {
  to: '/leaderboards' | '/events' | '/supermatches' | '/clubs' | '/admin';
  label: string;
  dot?: DottedRoute;
  adminOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/leaderboards', label: 'Leaderboards', dot: 'leaderboards' },
  { to: '/events', label: 'Events', dot: 'events' },
  { to: '/supermatches', label: 'Supermatches' },
  { to: '/clubs', label: 'Clubs', dot: 'clubs' },
  { to: '/admin', label: 'Admin', adminOnly: true },
];
