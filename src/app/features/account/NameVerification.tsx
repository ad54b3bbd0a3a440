import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { firstFieldErrors } from '../../../shared/field-errors.ts';
import {
  nameSubmissionRequestSchema,
  type NameStatus,
  type NameSubmissionRequest,
} from '../../../shared/name-claims.ts';
import { NetworkError } from '../../lib/api.ts';
import { AthleteSelect } from '../../ui/AthleteSelect.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useKnownNames } from '../../lib/known-names.ts';
import { readLocalProfile, updateLocalProfile } from './local-profile.ts';
import { submitName, useRefreshNameQueries, type GetToken } from './name-status-api.ts';
import * as T from './name-verification-texts.ts';

type EvidenceField = 'evidence_summary' | 'evidence_links';

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
  const summaryId = useId();
  const linksId = useId();
  const [draft, setDraft] = useState(() => readLocalProfile(sub).profile_name);
  const [confirming, setConfirming] = useState<NameSubmissionRequest | null>(null);
  // Optional evidence for the admin who reviews the claim: a short summary and up to five links.
  const [summary, setSummary] = useState('');
  const [links, setLinks] = useState('');
  const [evidenceErrors, setEvidenceErrors] = useState<Partial<Record<EvidenceField, string>>>({});
  const submit = useMutation({
    mutationFn: (claim: NameSubmissionRequest) => submitName(claim, getToken),
    onSuccess: (next, claim) => {
      updateLocalProfile(sub, { profile_name: claim.requested_name });
      setSummary('');
      setLinks('');
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
    const lines = links
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const parsed = nameSubmissionRequestSchema.safeParse({
      requested_name: value,
      evidence_summary: summary,
      evidence_links: lines,
    });
    if (!parsed.success) {
      const errors = firstFieldErrors<EvidenceField | 'requested_name'>(parsed.error);
      const { requested_name: nameError, ...rest } = errors;
      setEvidenceErrors(rest);
      if (nameError) toast.show(nameError, { tone: 'error' });
      else document.getElementById(rest.evidence_summary ? summaryId : linksId)?.focus();
      return;
    }
    setEvidenceErrors({});
    setConfirming({
      ...parsed.data,
      evidence_links: parsed.data.evidence_links?.length ? parsed.data.evidence_links : undefined,
    });
  };

  const send = (claim: NameSubmissionRequest) => {
    setConfirming(null);
    submit.mutate(claim);
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
        onValue={setDraft}
        names={names}
        locked={locked}
        disabled={!state || sending}
        required
        describedBy={hint ? hintId : undefined}
        name="profile_name"
      />
      {locked ? null : (
        <details className="evidence">
          <summary>Add evidence (optional)</summary>
          <p className="field-hint">
            Helps an admin confirm the name is yours, e.g. a results page or a video of you pulling.
          </p>
          <TextField
            id={summaryId}
            label="Evidence summary (optional)"
            rows={2}
            maxLength={1000}
            value={summary}
            onValue={setSummary}
            disabled={!state || sending}
            error={evidenceErrors.evidence_summary}
          />
          <TextField
            id={linksId}
            label="Evidence links (optional, one per line, up to 5)"
            rows={3}
            inputMode="url"
            placeholder="https://"
            value={links}
            onValue={setLinks}
            disabled={!state || sending}
            error={evidenceErrors.evidence_links}
          />
        </details>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={disabled}>
          {T.STATE_TEXTS[state ?? 'never_submitted'].submit}
        </button>
        <p className="field-hint">{T.CAPTION}</p>
      </div>
      {hint ? (
        <p id={hintId} className={`name-hint name-hint-${state}`}>
          {hint}
        </p>
      ) : null}
      {confirming !== null ? (
        <ConfirmDialog
          title="Confirm your name"
          action="Confirm"
          onConfirm={() => send(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>{T.CONFIRM_TEXT}</p>
          <p className="confirm-name">{confirming.requested_name}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
