/**
 * An editor's foot: why the last save failed (the form keeps what was typed,
 * to try again), Save, and the way out without saving. Both buttons wait
 * while a save is on its way.
 */
export function SaveActions({
  saving,
  failure,
  saveLabel = 'Save',
  cancelLabel = 'Discard',
  onCancel,
  ready = true,
}: {
  saving: boolean;
  /** Whether there is anything to save yet (Save waits otherwise). */
  ready?: boolean;
  failure?: string | null;
  saveLabel?: string;
  cancelLabel?: string;
  onCancel: () => void;
}) {
  return (
    <>
      {failure ? (
        <p className="field-error" role="alert">
          Not saved: {failure}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving || !ready}>
          {saving ? 'Saving…' : saveLabel}
        </button>
        <button type="button" className="button secondary" onClick={onCancel} disabled={saving}>
          {cancelLabel}
        </button>
      </div>
    </>
  );
}
