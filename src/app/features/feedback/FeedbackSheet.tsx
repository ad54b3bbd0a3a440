import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ANONYMOUS, feedbackSchema } from '../../../shared/submissions.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FORM_TOAST_MS, SAVED_ON_DEVICE } from '../../ui/form-messages.ts';
import { useToast } from '../../ui/toast.tsx';
import { clearDraft, replaceEdited, useDraft } from '../../outbox/draft.ts';
import { submitToOutbox, type SubmitOutcome } from '../../outbox/submit.ts';
import { readSubmitterName, rememberSubmitterName } from '../../lib/submitter-name.ts';

export const FEEDBACK_SENT = "Success! I've received your feedback and I might read it one day.";
export const FEEDBACK_FAILED = 'Something went wrong... I swear it was working a second ago';

/**
 * Spec part 2 §5 'Feedback': text required, name optional (Anonymous), posted
 * through the outbox. A modal <dialog> styled as a sheet sliding up from the
 * bottom: focus stays inside, Escape closes. While it is open the rest of the
 * page is inert, toasts included, so a refusal is also said inside the sheet.
 */

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal <dialog> keeps focus off the page, but Tab from its last control
 * goes on to the browser's own UI: wrap it round instead, so the keyboard
 * stays in the sheet until it is closed.
 */
function useTabWrap(inside: { current: HTMLElement | null }) {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const dialog = inside.current?.closest('dialog');
      if (e.key !== 'Tab' || !dialog?.open) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => !el.matches(':disabled') && el.getClientRects().length > 0,
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !dialog.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [inside]);
}
export default function FeedbackSheet({ onClose }: { onClose: () => void }) {
  const uid = useId();
  const toast = useToast();
  const [text, setText] = useState('');
  const [name, setName] = useState(readSubmitterName);
  const draft = useDraft();
  const [editing, setEditing] = useState<string | null>(null);
  if (draft?.kind === 'feedback' && draft.entryId !== editing) {
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    setText(str(draft.payload.text));
    if (str(draft.payload.name) && draft.payload.name !== ANONYMOUS) setName(str(draft.payload.name));
    setEditing(draft.entryId);
  }
  useEffect(() => {
    if (draft?.kind === 'feedback') clearDraft();
  }, [draft]);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const formId = `${uid}-form`;
  const formRef = useRef<HTMLFormElement>(null);
  useTabWrap(formRef);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    const parsed = feedbackSchema.safeParse({ text, name });
    if (!parsed.success) return;
    rememberSubmitterName(name);
    setSending(true);
    setFailed(false);
    const outcome = await submitToOutbox('feedback', parsed.data).catch((err: unknown): SubmitOutcome => ({
      status: 'failed',
      message: err instanceof Error ? err.message : String(err),
    }));
    setSending(false);
    if (outcome.status === 'failed') {
      setFailed(true);
      toast.show(FEEDBACK_FAILED, { tone: 'error', durationMs: FORM_TOAST_MS });
      return;
    }
    if (editing) void replaceEdited(editing);
    onClose();
    toast.show(outcome.status === 'sent' ? FEEDBACK_SENT : SAVED_ON_DEVICE, {
      tone: outcome.status === 'sent' ? 'success' : 'info',
      durationMs: FORM_TOAST_MS,
    });
  };

  return (
    <Dialog
      title="Feedback"
      onClose={onClose}
      className="sheet"
      footer={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Close
          </button>
          <button type="submit" form={formId} className="button" disabled={!text.trim() || sending}>
            {sending ? 'Sending…' : 'Send'}
          </button>
        </>
      }
    >
      <form ref={formRef} id={formId} className="form feedback-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="field">
          <label htmlFor={`${uid}-text`}>Your feedback</label>
          <textarea
            id={`${uid}-text`}
            className="input"
            rows={5}
            required
            aria-required="true"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-name`}>Name</label>
          <input
            id={`${uid}-name`}
            className="input"
            type="text"
            autoComplete="name"
            placeholder="Anonymous"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        {failed ? (
          <p className="field-error" role="alert">
            {FEEDBACK_FAILED}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
