import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { SUBMITTED_TEXT, type SubmissionKind } from '../../shared/submission-kinds.ts';
import {
  validateWith,
  type FieldBinding,
  type FieldErrors,
  type FieldOf,
  type FormValidation,
  type ParseResult,
} from '../lib/form-validation.ts';
import { FORM_TOAST_MS, SAVED_ON_DEVICE } from '../ui/form-messages.ts';
import { useToast } from '../ui/toast.tsx';
import { clearDraft, replaceEdited, useDraft } from './draft.ts';
import { submitToOutbox, type SubmitOutcome } from './submit.ts';

/**
 * The one way a form that submits through the outbox keeps its values, checks
 * them with the shared schema, hands them to the outbox and says how it went:
 * the success text (or 'saved on this device' when queued) or the failure
 * text, the form reset after a success, and an entry brought back by 'Edit'
 * in the outbox list filled into the form.
 */

export interface OutboxFormOptions<V extends object, P> {
  kind: SubmissionKind;
  /** Fresh values: on the first render and after a success. */
  initial: () => V;
  /** The shared schema's safeParse of the values; run as they change and again at submit ('today' may have moved on). */
  parse: (values: V) => ParseResult<P>;
  /** Replaces the schema's message for a field the form words its own way. */
  ownMessages?: FieldErrors<V>;
  /** The form's own failure text (the success text is its kind's, the same as when a kept entry is delivered). */
  failedText: string;
  /**
   * When a field's error shows: 'live' (its current error, once the field was
   * left or a submit was tried) or 'submit' (what the last submit found, until
   * the next one).
   */
  showErrors?: 'live' | 'submit';
  /** Form order and each field's element id: a refused submit puts the cursor in the first wrong field. */
  focus?: { order: readonly FieldOf<V>[]; id: (field: FieldOf<V>) => string };
  /** No submitting while this says so (an incomplete form, submissions switched off). */
  blocked?: (values: V) => boolean;
  /** The values an entry of this kind brings back when 'Edit' is chosen in the outbox list; without it the form takes none. */
  fromDraft?: (payload: Record<string, unknown>, current: V) => V;
  /** After an entry was taken in (e.g. bring the form into view). */
  onDraftTaken?: () => void;
  /** Just before a valid submission is handed to the outbox (e.g. remember the submitter's name). */
  beforeSend?: (values: V) => void;
  /** After a sent or queued outcome, the form reset, before the toast (e.g. focus the heading, close the sheet). */
  afterSuccess?: () => void;
}

export interface OutboxForm<V extends object, P> {
  values: V;
  set: <K extends FieldOf<V>>(field: K, value: V[K]) => void;
  /** The form as it stands, checked on every render. */
  validation: FormValidation<V, P>;
  /** The error to show beside a field now, if any. */
  errorOf: (field: FieldOf<V>) => string | undefined;
  /** The field was left: its error may show ('live'). */
  touch: (field: FieldOf<V>) => void;
  /** A field's id (focus.id's), value, error and handlers, for a field component. */
  bind: <K extends FieldOf<V>>(field: K) => FieldBinding<V[K]>;
  sending: boolean;
  /** Why the last submit was refused by the server; null when it was not. */
  refusal: string | null;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
}

export function useOutboxForm<V extends object, P>(o: OutboxFormOptions<V, P>): OutboxForm<V, P> {
  const toast = useToast();
  const [values, setValues] = useState<V>(o.initial);
  const [touched, setTouched] = useState<ReadonlySet<FieldOf<V>>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<FieldErrors<V>>({});
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  // 'Edit' on a refused entry in the outbox list brings it back here to correct and send again
  // (taken in while rendering, as React advises for state that follows an outside value).
  const draft = useDraft();
  const [editing, setEditing] = useState<string | null>(null);
  const takesDraft = !!o.fromDraft && draft?.kind === o.kind;
  if (takesDraft && draft.entryId !== editing) {
    const fromDraft = o.fromDraft!;
    setValues((current) => fromDraft(draft.payload, current));
    setEditing(draft.entryId);
    setAttempted(true);
  }
  const draftTaken = useEffectEvent(() => o.onDraftTaken?.());
  useEffect(() => {
    if (!takesDraft) return;
    clearDraft();
    draftTaken();
  }, [takesDraft, draft]);

  const validation = validateWith<V, P>(o.parse(values), o.ownMessages);
  const liveErrors: FieldErrors<V> = validation.ok ? {} : validation.errors;

  const errorOf = (field: FieldOf<V>) =>
    o.showErrors === 'submit' ? submitErrors[field] : attempted || touched.has(field) ? liveErrors[field] : undefined;

  const reset = () => {
    setValues(o.initial());
    setTouched(new Set());
    setAttempted(false);
    setSubmitErrors({});
    setRefusal(null);
  };

  const submit = async () => {
    if (sending || o.blocked?.(values)) return;
    const parsed = validateWith<V, P>(o.parse(values), o.ownMessages);
    if (!parsed.ok) {
      setAttempted(true);
      setSubmitErrors(parsed.errors);
      const first = o.focus?.order.find((f) => parsed.errors[f]);
      if (first) document.getElementById(o.focus!.id(first))?.focus();
      return;
    }
    setSubmitErrors({});
    o.beforeSend?.(values);
    setSending(true);
    setRefusal(null);
    const outcome = await submitToOutbox(o.kind, parsed.data).catch((err: unknown): SubmitOutcome => ({
      status: 'failed',
      message: err instanceof Error ? err.message : String(err),
    }));
    setSending(false);
    if (outcome.status === 'failed') {
      setRefusal(outcome.message);
      toast.show(o.failedText, { tone: 'error', durationMs: FORM_TOAST_MS });
      return;
    }
    if (editing) void replaceEdited(editing);
    setEditing(null);
    reset();
    o.afterSuccess?.();
    toast.show(outcome.status === 'sent' ? SUBMITTED_TEXT[o.kind] : SAVED_ON_DEVICE, {
      tone: outcome.status === 'sent' ? 'success' : 'info',
      durationMs: FORM_TOAST_MS,
    });
  };

  const set: OutboxForm<V, P>['set'] = (field, value) => setValues((v) => ({ ...v, [field]: value }));
  const touch = (field: FieldOf<V>) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));

  return {
    values,
    set,
    validation,
    errorOf,
    touch,
    bind: (field) => ({
      id: o.focus?.id(field),
      value: values[field],
      onValue: (value) => set(field, value),
      onBlur: () => touch(field),
      error: errorOf(field),
    }),
    sending,
    refusal,
    onSubmit: (e) => {
      e.preventDefault();
      void submit();
    },
  };
}
