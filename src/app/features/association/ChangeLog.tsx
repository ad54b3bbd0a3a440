import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssociationSettings } from '../../../shared/association.ts';
import { saveFailure } from '../../lib/save-errors.ts';
import { FormAlert } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { associationKeys } from '../../lib/association.ts';
import { associationChangesQuery, changesKey, undoChange, type AssociationChange } from './association-api.ts';

/** The fields a change touched, in the form's words. */
const FIELD_WORDS: Record<keyof AssociationSettings, string> = {
  name: 'name',
  short_name: 'short name',
  region: 'region',
  units: 'units',
  time_zone: 'time zone',
  contact: 'contact',
  theme_color: 'colour',
  classes: 'weight classes',
  divisions: 'divisions',
  team_points: 'team points',
  talent_categories: 'talent categories',
};

export function changedWords(c: Pick<AssociationChange, 'before' | 'after'>): string {
  const keys = (Object.keys(FIELD_WORDS) as (keyof AssociationSettings)[]).filter(
    (k) => JSON.stringify(c.before[k]) !== JSON.stringify(c.after[k]),
  );
  return keys.length ? keys.map((k) => FIELD_WORDS[k]).join(', ') : 'nothing';
}

/**
 * Every change of the profile, newest first, with who made it and what it touched. The newest can be undone:
 * the settings before it come back exactly, as a change of its own (so the undo is in the log too).
 */
export function ChangeLog() {
  const client = useQueryClient();
  const toast = useToast();
  const changes = useQuery(associationChangesQuery());
  const undo = useMutation({
    mutationFn: undoChange,
    onSuccess: async (saved) => {
      client.setQueryData(associationKeys.all, saved);
      await client.invalidateQueries({ queryKey: changesKey });
      toast.show('Change undone.');
    },
  });
  const list = changes.data?.changes ?? [];
  return (
    <div className="association-changes">
      <h3>Changes</h3>
      {changes.isPending ? <p role="status">Loading the changes…</p> : null}
      {changes.isError ? <FormAlert>Failed to load the changes.</FormAlert> : null}
      {changes.isSuccess && !list.length ? <p className="muted">No change yet: the defaults stand.</p> : null}
      <ol className="change-list">
        {list.map((c, i) => (
          <li key={c.id}>
            <span>
              {new Date(c.changed_at).toLocaleString()} · {c.changed_by} · {c.undoes ? 'undid a change: ' : ''}
              {changedWords(c)}
            </span>
            {i === 0 ? (
              <button
                type="button"
                className="button secondary small"
                disabled={undo.isPending}
                onClick={() => undo.mutate(c.id)}
              >
                Undo<span className="visually-hidden"> the change of {changedWords(c)}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      <FormAlert>{undo.error ? `Not undone: ${saveFailure(undo.error)}` : null}</FormAlert>
    </div>
  );
}
