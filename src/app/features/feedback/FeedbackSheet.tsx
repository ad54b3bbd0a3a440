import { useEffect, useId, useRef } from 'react';
import { ANONYMOUS, feedbackSchema } from '../../../shared/submissions.ts';
import { CloseButton, Dialog } from '../../ui/Dialog.tsx';
import { TextField, FormAlert } from '../../ui/Field.tsx';
import { useOutboxForm } from '../../outbox/use-outbox-form.ts';
import { readSubmitterName, rememberSubmitterName } from '../../lib/submitter-name.ts';

export const FEEDBACK_FAILED = 'Something went wrong... I swear it was working a second ago';

/**
 * The feedback sheet: text required, name optional (Anonymous), posted
 * through the outbox. A modal <dialog> styled as a sheet sliding up from the
 * bottom: focus stays inside, Escape closes. While it is open the rest of the
 * page is inert, toasts included, so a refusal is also said inside the sheet.
 */

const str = (v: unknown) => (typeof v === 'string' ? v : '');

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
  const { values, bind, sending, refusal, onSubmit } = useOutboxForm({
    kind: 'feedback',
    initial: () => ({ text: '', name: readSubmitterName() }),
    parse: (v) => feedbackSchema.safeParse(v),
    failedText: FEEDBACK_FAILED,
    // An entry brought back keeps the name typed here when it was sent as Anonymous.
    fromDraft: (payload, current) => ({
      text: str(payload.text),
      name: str(payload.name) && payload.name !== ANONYMOUS ? str(payload.name) : current.name,
    }),
    beforeSend: (v) => rememberSubmitterName(v.name),
    afterSuccess: onClose,
  });
  const failed = refusal !== null;
  const formId = `${uid}-form`;
  const formRef = useRef<HTMLFormElement>(null);
  useTabWrap(formRef);

  return (
    <Dialog
      title="Feedback"
      onClose={onClose}
      className="sheet"
      footer={
        <>
          <CloseButton onClose={onClose} secondary />
          <button type="submit" form={formId} className="button" disabled={!values.text.trim() || sending}>
            {sending ? 'Sending…' : 'Send'}
          </button>
        </>
      }
    >
      <form ref={formRef} id={formId} className="form feedback-form" noValidate onSubmit={onSubmit}>
        <TextField {...bind('text')} label="Your feedback" rows={5} required />
        <TextField {...bind('name')} label="Name" autoComplete="name" placeholder="Anonymous" />
        <FormAlert>{failed ? FEEDBACK_FAILED : null}</FormAlert>
      </form>
    </Dialog>
  );
}
