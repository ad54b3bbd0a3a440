import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { useFirstContentWhen } from '../../../lib/first-content.ts';
import { tournamentQuery } from '../common/tournament-api.ts';
import { CategorySheetView } from './CategorySheetView.tsx';
import { tournamentSheets } from './sheet-model.ts';
import './draw-sheet.css';

export interface DrawSheetPageProps {
  tournamentId: number | undefined;
  categoryId: number | undefined;
}

/**
 * `#/draw-sheet`: a tournament's draw sheets as they will print (one category, or every drawn one), the Print
 * button and the way back. Printed, only the sheets are left (draw-sheet.css).
 */
export function DrawSheetPage({ tournamentId, categoryId }: DrawSheetPageProps) {
  const titleId = useId();
  if (tournamentId === undefined) {
    return (
      <section className="screen draw-sheets" aria-labelledby={titleId}>
        <h1 id={titleId}>Draw sheets</h1>
        <p className="muted">
          Open a tournament on the <Link to="/brackets">brackets page</Link> to print its draw sheets.
        </p>
      </section>
    );
  }
  return <TournamentSheets titleId={titleId} tournamentId={tournamentId} categoryId={categoryId} />;
}

function TournamentSheets({
  titleId,
  tournamentId,
  categoryId,
}: {
  titleId: string;
  tournamentId: number;
  categoryId: number | undefined;
}) {
  const { data, isPending, isError } = useQuery(tournamentQuery(tournamentId));
  useFirstContentWhen(!isPending);
  const sheets = useMemo(() => (data ? tournamentSheets(data, categoryId) : []), [data, categoryId]);
  const one = categoryId !== undefined;
  return (
    <section className="screen draw-sheets" aria-labelledby={titleId}>
      <div className="draw-sheet-tools">
        <p>
          <Link to="/brackets" search={{ tournament: tournamentId, category: categoryId }}>
            Back to the brackets
          </Link>
        </p>
        <h1 id={titleId}>
          {one ? 'Draw sheet' : 'Draw sheets'}
          {data ? `: ${data.name}` : ''}
        </h1>
        {isPending ? (
          <p className="muted" role="status">
            Loading the tournament…
          </p>
        ) : isError && !data ? (
          <p className="muted" role="alert">
            This tournament could not load. Check the connection and try again.
          </p>
        ) : sheets.length === 0 ? (
          <p className="muted">
            {one ? 'This category is not drawn yet.' : 'No category of this tournament is drawn yet.'} A sheet is
            printed once the draw is made.
          </p>
        ) : (
          <div className="draw-sheet-print">
            <p className="muted">
              {sheets.length === 1 ? 'One category' : `${sheets.length} categories`}, each on its own pages: portrait up
              to 16 athletes, landscape above, on A4 or Letter. Empty boxes are for a pen.
            </p>
            <button type="button" className="button" onClick={() => window.print()}>
              Print
            </button>
          </div>
        )}
      </div>
      {data ? sheets.map((sheet) => <CategorySheetView key={sheet.id} tournament={data} sheet={sheet} />) : null}
    </section>
  );
}
