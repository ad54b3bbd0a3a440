import type { AssociationPreview } from '../../../shared/association-schema.ts';
import { SEX_LABELS } from '../../../shared/tournament/rules.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/**
 * What a change of the classes or the unit does before it is applied: per sex, how many athletes move from which
 * class to which, and which tournament categories move with them. Ratings are per hand and do not change; only the
 * classes athletes are listed in.
 */
export function MovesDialog({
  preview,
  applying,
  onApply,
  onClose,
}: {
  /** Its classes are named with their unit ('154 lbs' -> '70 kg'). */
  preview: AssociationPreview;
  applying: boolean;
  onApply: () => void;
  onClose: () => void;
}) {
  const moved = preview.moves.reduce((n, m) => n + m.athletes, 0);
  return (
    <Dialog
      title="Apply the new classes?"
      onClose={onClose}
      footer={
        <div className="form-actions">
          <button type="button" className="button" disabled={applying} onClick={onApply}>
            {applying ? 'Applying…' : 'Apply'}
          </button>
          <button type="button" className="button secondary" disabled={applying} onClick={onClose}>
            Cancel
          </button>
        </div>
      }
    >
      <p>
        {moved === 1 ? '1 athlete moves' : `${moved} athletes move`} to another class; {preview.unchanged} stay in
        theirs. Ratings do not change, and a category already drawn keeps its class.
      </p>
      {preview.moves.length ? (
        <table className="moves-table classes">
          <caption className="visually-hidden">Athletes who move</caption>
          <thead>
            <tr>
              <th scope="col">Leaderboard</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Athletes</th>
            </tr>
          </thead>
          <tbody>
            {preview.moves.map((m) => (
              <tr key={`${m.sex}-${m.from}-${m.to}`}>
                <td>{SEX_LABELS[m.sex]}</td>
                <td>{m.from}</td>
                <td>{m.to}</td>
                <td>{m.athletes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <CategoryMoves categories={preview.categories} />
    </Dialog>
  );
}

/** The tournaments' categories: the open ones that move (or join one already in their new class), the drawn ones that stay. */
function CategoryMoves({ categories }: { categories: AssociationPreview['categories'] }) {
  return (
    <>
      {categories.moves.length ? (
        <table className="moves-table">
          <caption>Categories not yet drawn move</caption>
          <thead>
            <tr>
              <th scope="col">Tournament</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
            </tr>
          </thead>
          <tbody>
            {categories.moves.map((m) => (
              <tr key={`${m.tournament}-${m.from}`}>
                <td>{m.tournament}</td>
                <td>{m.from}</td>
                <td>
                  {m.to}
                  {m.merged ? ' (joins the category already there)' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {categories.kept.length ? (
        <>
          <p>Drawn categories keep their class:</p>
          <ul>
            {categories.kept.map((k) => (
              <li key={`${k.tournament}-${k.name}`}>
                {k.tournament}: {k.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
