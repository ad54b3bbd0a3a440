import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { requestedNameSchema, type NameStatus } from '../../../shared/name-claims.ts';
import { NetworkError } from '../../lib/api.ts';
import { AthleteSelect } from '../../ui/AthleteSelect.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useKnownNames } from '../../lib/known-names.ts';
import { readLocalProfile, updateLocalProfile } from './local-profile.ts';
import { submitName, useRefreshNameQueries, type GetToken } from './name-status-api.ts';
import * as T from './name-verification-texts.ts';

/**
 * Pick the name on the leaderboards, confirm it, submit it.
 * Pending and verified lock the field (the name shown is the server's);
 * rejected unlocks it for a corrected claim. `status` is undefined until the
 * first answer: nothing can be submitted before the page knows the state.
 */
export function NameVerification({
  sub,
  status,
  getToken,
}: {
  sub: string;
  status: NameStatus | undefined;
  getToken: GetToken;
}) {
  const toast = useToast();
  const names = useKnownNames();
  const refresh = useRefreshNameQueries();
  const hintId = useId();
  const [draft, setDraft] = useState(() => readLocalProfile(sub).profile_name);
  const [confirming, setConfirming] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: (name: string) => submitName(name, getToken),
    onSuccess: (next, name) => {
      updateLocalProfile(sub, { profile_name: name });
      toast.show(T.SUBMITTED, { tone: 'success' });
      refresh(sub, next);
    },
    onError: (err) => {
      // Never reached the server, or refused (an error answer or an odd one).
      const network = err instanceof NetworkError;
      toast.show(network ? T.SUBMIT_NETWORK : T.SUBMIT_REFUSED, { tone: 'error' });
      // A refusal may mean the state moved on elsewhere (another tab, an admin): show what it is now.
      if (!network) refresh(sub);
    },
  });
  const sending = submit.isPending;

  const state = status?.status;
  const locked = state === 'pending' || state === 'verified';
  const value =
    state === 'verified'
      ? (status?.athlete_name ?? '')
      : state === 'pending'
        ? (status?.pending_requested_name ?? '')
        : draft;

  // The last known state goes into the local profile (its `verified`).
  useEffect(() => {
    if (state) updateLocalProfile(sub, { verified: state === 'verified' });
  }, [sub, state]);

  const disabled = !state || locked || value === '' || sending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (disabled) return;
    const parsed = requestedNameSchema.safeParse(value);
    if (!parsed.success) {
      toast.show(parsed.error.issues[0]?.message ?? T.EMPTY_NAME, { tone: 'error' });
      return;
    }
    setConfirming(parsed.data);
  };

  const send = (name: string) => {
    setConfirming(null);
    submit.mutate(name);
  };

  const hint =
    state === 'verified'
      ? T.VERIFIED_HINT
      : state === 'pending'
        ? T.pendingHint(status?.pending_requested_name ?? '')
        : state === 'rejected'
          ? T.REJECTED_HINT
          : null;

  return (
    <form className="name-verification" onSubmit={onSubmit} noValidate>
      {state !== 'verified' ? <p className="account-intro">{T.INTRO}</p> : null}
      <AthleteSelect
        label={T.NAME_LABEL}
        placeholder={T.NAME_PLACEHOLDER}
        value={value}
        onChange={setDraft}
        names={names}
        locked={locked}
        disabled={!state || sending}
        required
        describedBy={hint ? hintId : undefined}
        name="profile_name"
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={disabled}>
          {T.SUBMIT_LABEL[state ?? 'never_submitted']}
        </button>
        <p className="field-hint">{T.CAPTION}</p>
      </div>
      {hint ? (
        <p id={hintId} className={`name-hint name-hint-${state}`}>
          {hint}
        </p>
      ) : null}
      {confirming !== null ? (
        <Dialog
          title="Confirm your name"
          onClose={() => setConfirming(null)}
          footer={
            <>
              <button type="button" className="button secondary" onClick={() => setConfirming(null)}>
                Cancel
              </button>
              <button type="button" className="button" onClick={() => send(confirming)}>
                Confirm
              </button>
            </>
          }
        >
          <p>{T.CONFIRM_TEXT}</p>
          <p className="confirm-name">{confirming}</p>
        </Dialog>
      ) : null}
    </form>
  );
}
