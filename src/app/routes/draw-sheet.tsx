import { createLazyRoute, useSearch } from '@tanstack/react-router';
import { DrawSheetPage } from '../features/tournament/draw-sheet/DrawSheetPage.tsx';

/** The draw sheets to print (its own chunk): one category by ?category=, or every drawn one of ?tournament=. */
export function DrawSheetScreen() {
  const search = useSearch({ from: '/draw-sheet' });
  return <DrawSheetPage tournamentId={search.tournament} categoryId={search.category} />;
}

export const Route = createLazyRoute('/draw-sheet')({ component: DrawSheetScreen });
