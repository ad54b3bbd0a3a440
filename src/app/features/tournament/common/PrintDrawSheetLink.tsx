import { Link } from '@tanstack/react-router';

/**
 * The link to a tournament's draw sheets (`#/draw-sheet`): 'Print draw sheet' for one category, 'Print all' for
 * every drawn category of the tournament. Here in common/, not in draw-sheet/, so the brackets page and the head
 * table can show it (a screen imports no other screen); it imports nothing of the sheets, so it weighs nothing on
 * those screens' chunks.
 */
export function PrintDrawSheetLink({
  tournamentId,
  categoryId,
  className,
}: {
  tournamentId: number;
  /** Left out: every drawn category ('Print all'). */
  categoryId?: number | undefined;
  className?: string | undefined;
}) {
  return (
    <Link to="/draw-sheet" search={{ tournament: tournamentId, category: categoryId }} className={className}>
      {categoryId === undefined ? 'Print all' : 'Print draw sheet'}
    </Link>
  );
}
