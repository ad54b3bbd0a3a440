import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { METHOD_LABELS, METHODS, resultFor, sameResult, type Method } from '../../../../shared/tournament/index.ts';
import { rowResult } from '../../../../shared/tournament-contract/match-row.ts';
import { correctionSchema, type TournamentMatch } from '../../../../shared/tournament-contract/match.ts';
import type { CorrectionAnswer, Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import { validateWith } from '../../../lib/form-validation.ts';
import { saveFailure } from '../../../lib/save-errors.ts';
import { matchLabel } from '../common/category-state.ts';
import { tournamentKeys } from '../common/tournament-api.ts';
import { useSaveForm } from '../../../lib/use-save-form.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ChoiceGroup, SelectField, TextField } from '../../../ui/Field.tsx';
import { SaveActions } from '../../../ui/SaveActions.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { correctMatch, headTableKeys, type Correction as CorrectionBody } from './head-table-api.ts';

/** A result as a correction starts from: the one recorded, or the one a conflict set aside. */
export interface ResultValues {
  winner: 'A' | 'B' | null;
  method: Method | null;
  warnings_a: number;
  warnings_b: number;
  fouls_a: number;
  fouls_b: number;
}

const MARKS = ['warnings_a', 'fouls_a', 'warnings_b', 'fouls_b'] as const;
type Values = { winner: 'A' | 'B' | ''; method: Method } & Record<(typeof MARKS)[number], string>;

const valuesOf = (r: ResultValues): Values => ({
  winner: r.winner ?? '',
  method: r.method ?? 'pin',
  ...(Object.fromEntries(MARKS.map((k) => [k, String(r[k])])) as Record<(typeof MARKS)[number], string>),
});

/** The form's values as the correction's body: blank counts are none. */
const bodyOf = (v: Values) => ({
  winner: v.winner || undefined,
  method: v.method,
  ...Object.fromEntries(MARKS.map((k) => [k, v[k].trim() === '' ? undefined : v[k].trim()])),
});

/** 'This changes 3 later matches: Winners’ round 3 (Ann Lee v Bo Kim), …' or that it changes none. */
export function effectText(affected: readonly number[], category: TournamentCategory): string {
  if (affected.length === 0) return 'This changes no later match.';
  const names = affected.map((id) => {
    const m = category.matches.find((x) => x.id === id);
    return m ? `${matchLabel(m)} (${m.a ?? 'to be decided'} v ${m.b ?? 'to be decided'})` : `match ${id}`;
  });
  const count = affected.length === 1 ? '1 later match' : `${affected.length} later matches`;
  return `This changes ${count}: ${names.join(', ')}. They are reset and pulled again.`;
}

/**
 * Correcting a recorded result. Each choice of winner and method is first sent with `dry_run: true`, and the
 * server's answer says what saving would do: the later matches it resets (they are pulled again), or none.
 * 'Save correction' then records it; the bracket, placings and standings follow from the fresh read.
 */
export function Correction({
  tournament,
  category,
  match,
  from,
  onClose,
}: {
  tournament: Tournament;
  category: TournamentCategory;
  match: TournamentMatch;
  /** Where the form starts: the result recorded unless given (a conflict's other result). */
  from?: ResultValues;
  onClose: () => void;
}) {
  const toast = useToast();
  const previewId = useId();
  const form = useSaveForm({
    initial: () => valuesOf(from ?? match),
    check: (v: Values) => validateWith(correctionSchema.safeParse(bodyOf(v)), { winner: 'Choose the winner.' }),
    save: (body: CorrectionBody) => correctMatch(tournament.id, match.id, { ...body, dry_run: false }),
    invalidates: [tournamentKeys.detail(tournament.id), headTableKeys.tournament(tournament.id)],
    onSaved: (answer: CorrectionAnswer) => {
      toast.show(
        answer.affected.length
          ? `Corrected: ${answer.affected.length} later ${answer.affected.length === 1 ? 'match' : 'matches'} reset.`
          : 'Corrected.',
        { tone: 'success' },
      );
      onClose();
    },
  });
  const parsed = correctionSchema.safeParse(bodyOf(form.values));
  const body = parsed.success ? parsed.data : null;
  const recorded = rowResult(match);
  const unchanged = !!body && !!recorded && sameResult(resultFor(body, recorded.a, recorded.b), recorded);
  const preview = useQuery({
    // Not under the tournament's keys: saving reads those again, and must not ask for a preview once more.
    queryKey: ['admin', 'correction', tournament.id, match.id, body],
    queryFn: () => correctMatch(tournament.id, match.id, { ...body!, dry_run: true }),
    enabled: body !== null && !unchanged,
    gcTime: 0,
    retry: false,
  });
  const marks = (side: 'a' | 'b', name: string | null) => (
    <>
      <TextField label={`Warnings, ${name}`} inputMode="numeric" maxLength={2} {...form.bind(`warnings_${side}`)} />
      <TextField label={`Fouls, ${name}`} inputMode="numeric" maxLength={2} {...form.bind(`fouls_${side}`)} />
    </>
  );
  return (
    <Dialog title={`Correct ${matchLabel(match)}`} onClose={onClose} className="correction-dialog">
      <form onSubmit={form.onSubmit} noValidate aria-describedby={previewId}>
        <p className="muted">
          {category.name} · {match.a} v {match.b}
        </p>
        <ChoiceGroup
          legend="Winner"
          options={[
            ['A', match.a ?? 'A'],
            ['B', match.b ?? 'B'],
          ]}
          value={form.values.winner}
          onChange={(v) => form.set('winner', v)}
          error={form.errors.winner}
        />
        <SelectField
          label="Method"
          options={METHODS.map((m) => [m, METHOD_LABELS[m]] as const)}
          {...form.bind('method')}
        />
        <div className="match-desk-marks">
          {marks('a', match.a)}
          {marks('b', match.b)}
        </div>
        <p id={previewId} className="correction-effect" role="status">
          {unchanged
            ? 'This is the result recorded now.'
            : !body
              ? 'Choose the winner and the method.'
              : preview.data
                ? effectText(preview.data.affected, category)
                : preview.isError
                  ? saveFailure(preview.error)
                  : 'Checking what this changes…'}
        </p>
        <SaveActions
          saving={form.saving}
          failure={form.failure}
          saveLabel="Save correction"
          cancelLabel="Cancel"
          onCancel={onClose}
          ready={!unchanged && !!preview.data}
        />
      </form>
    </Dialog>
  );
}
