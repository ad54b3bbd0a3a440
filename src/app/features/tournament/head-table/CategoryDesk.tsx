import { useState } from 'react';
import { CATEGORY_STATUS_LABELS } from '../../../../shared/tournament-contract/status.ts';
import { saveFailure } from '../../../lib/save-errors.ts';
import { useToast } from '../../../ui/toast.tsx';
import { useRefreshTournament } from '../common/tournament-api.ts';
import { BeforeDraw } from './BeforeDraw.tsx';
import { publishCategory } from './head-table-api.ts';
import { RecordedResults } from './RecordedResults.tsx';
import { RunningMatches } from './RunningMatches.tsx';
import type { EntryProps } from './desk-props.ts';
import { KeptClassNote } from '../common/KeptClassNote.tsx';
import { PrintDrawSheetLink } from '../common/PrintDrawSheetLink.tsx';

/**
 * One category at the head table. Before the draw: its athletes (a new name asks for sex), their weigh-ins
 * (the server's over-the-limit message beside the field) and the draw (by lot or by rating; the seed shown).
 * Running: every ready match, won by a tap on an athlete's name, and Undo of a result nothing later depends on.
 * Finished: Publish; published: Unpublish.
 */
export function CategoryDesk({ tournament, category, names }: EntryProps) {
  const refresh = useRefreshTournament(tournament.id);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      toast.show(done, { tone: 'success' });
    } catch (error) {
      toast.show(saveFailure(error) ?? 'That did not work.', { tone: 'error' });
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  return (
    <section className="category-desk" aria-label={category.name}>
      <h2>{category.name}</h2>
      <p className="muted">
        {CATEGORY_STATUS_LABELS[category.status]}
        {category.seed !== null ? ` · seed ${category.seed}` : ''}
      </p>
      {category.status !== 'not_drawn' ? (
        <p>
          <PrintDrawSheetLink
            tournamentId={tournament.id}
            categoryId={category.id}
            className="button secondary small"
          />
        </p>
      ) : null}
      <KeptClassNote category={category} />
      {category.status === 'not_drawn' ? (
        <BeforeDraw tournament={tournament} category={category} names={names} />
      ) : null}
      {category.status === 'running' ? <RunningMatches tournament={tournament} category={category} /> : null}
      {category.status !== 'not_drawn' ? <RecordedResults tournament={tournament} category={category} /> : null}
      {category.status === 'finished' || category.status === 'published' ? (
        <div className="form-actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              void act(
                () => publishCategory(tournament.id, category.id, category.status === 'finished'),
                category.status === 'finished' ? 'Published.' : 'Unpublished.',
              )
            }
          >
            {category.status === 'finished' ? 'Publish' : 'Unpublish'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
