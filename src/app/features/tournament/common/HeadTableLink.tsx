import { Link } from '@tanstack/react-router';
import { canSeeAdmin } from '../../../../shared/roles.ts';
import { useRole } from '../../../auth/use-role.ts';

/**
 * 'Head table': from a tournament's public page to its head table (#/head-table?tournament=…), for admins and
 * developers only; nothing for anyone else. Here in common/ so the brackets page can show it without importing
 * the head table (the screens are kept apart, eslint.config.js): a link is only an address.
 */
export function HeadTableLink({ tournamentId, className }: { tournamentId: number; className?: string }) {
  if (!canSeeAdmin(useRole())) return null;
  return (
    <Link to="/head-table" search={{ tournament: tournamentId }} className={className}>
      Head table
    </Link>
  );
}
