import { useId, useState, type FormEvent } from 'react';
import type { Club } from '../../../shared/clubs.ts';
import { ApiResponseError } from '../../lib/api.ts';
import { serverFieldErrors } from '../../lib/save-errors.ts';
import { CheckboxField, FormAlert, TextField } from '../../ui/Field.tsx';
import { checkDraft, draftOf, saveClub, type ClubDraft, type DraftField } from './club-edit.ts';
import { saveLocalEdit } from './local-edits.ts';
import { LOCAL_EDIT_NOTE, SERVER_EDIT_NOTE } from './club-texts.ts';

export const SAVE_FAILED = 'Could not save the club. Please try again.';

type Kind = 'text' | 'count' | 'url' | 'lines' | 'long' | 'check';
const FIELDS: { field: DraftField; label: string; kind: Kind; placeholder?: string }[] = [
  { field: 'city', label: 'City', kind: 'text' },
  { field: 'region', label: 'Region', kind: 'text' },
  { field: 'founded', label: 'Founded', kind: 'count', placeholder: 'e.g. 2012' },
  { field: 'members_count', label: 'Members', kind: 'count' },
  { field: 'training', label: 'Training times (one per line)', kind: 'lines' },
  { field: 'practice_end', label: 'Practice ends', kind: 'text', placeholder: '9:00pm' },
  { field: 'avg_practice_size', label: 'Average practice size', kind: 'count' },
  { field: 'medals_this_year', label: 'Medals this year', kind: 'count' },
  { field: 'supermatches_hosted', label: 'Supermatches hosted', kind: 'count' },
  { field: 'supermatches_upcoming', label: 'Supermatches upcoming', kind: 'count' },
  { field: 'image_url', label: 'Image URL', kind: 'url' },
  { field: 'facebook', label: 'Facebook', kind: 'url' },
  { field: 'instagram', label: 'Instagram', kind: 'url' },
  { field: 'desc', label: 'Description', kind: 'long' },
  { field: 'out_of_state', label: 'Trains out of state', kind: 'check' },
];

/**
 * The club's edit mode. `local` (a developer): Save keeps the change on this
 * device only. `server` (the club's leader, an admin): Save sends it with
 * PUT /api/v1/clubs/{id}; the server's field errors show beside the inputs.
 * Only changed fields are checked and sent; Discard drops the draft.
 */
export function ClubEditor({
  club,
  mode,
  onDone,
  onSaved,
}: {
  club: Club;
  mode: 'local' | 'server';
  /** Saved or discarded: back to the view. */
  onDone: () => void;
  onSaved?: (club: Club) => void;
}) {
  const uid = useId();
  const [draft, setDraft] = useState<ClubDraft>(() => draftOf(club));
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const check = checkDraft(draft, club);
  const errors = check.changed ? check.errors : {};
  const canSave = check.changed && !!check.edit && !saving;

  const set = <K extends DraftField>(field: K, value: ClubDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check.changed || !check.edit || saving) return;
    if (mode === 'local') {
      saveLocalEdit(club.id, check.edit);
      onDone();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const saved = await saveClub(club.id, check.edit);
      onSaved?.(saved);
      onDone();
    } catch (err) {
      setSaving(false);
      setServerErrors(serverFieldErrors(err));
      setFailure(err instanceof ApiResponseError ? err.message : SAVE_FAILED);
    }
  };

  return (
    <form className="club-editor" noValidate onSubmit={(e) => void onSubmit(e)}>
      <p className={`club-edit-note${mode === 'local' ? ' local' : ''}`}>
        {mode === 'local' ? LOCAL_EDIT_NOTE : SERVER_EDIT_NOTE}
      </p>
      <div className="form-grid">
        {FIELDS.map(({ field, label, kind, placeholder }) =>
          kind === 'check' ? (
            <CheckboxField
              key={field}
              label={label}
              wide
              checked={draft.out_of_state}
              onChecked={(v) => set('out_of_state', v)}
            />
          ) : (
            <TextField
              key={field}
              id={`${uid}-${field}`}
              label={label}
              wide={kind === 'lines' || kind === 'long'}
              error={errors[field] ?? serverErrors[field]}
              value={draft[field] as string}
              onValue={(v) => set(field, v)}
              placeholder={placeholder}
              rows={kind === 'long' ? 4 : kind === 'lines' ? 3 : undefined}
              inputMode={kind === 'count' ? 'numeric' : undefined}
              input={{ type: kind === 'url' ? 'url' : 'text' }}
            />
          ),
        )}
      </div>
      <FormAlert>{failure}</FormAlert>
      <div className="club-editor-actions">
        <button type="button" className="button secondary" onClick={onDone} disabled={saving}>
          Discard
        </button>
        <button type="submit" className="button" disabled={!canSave}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
