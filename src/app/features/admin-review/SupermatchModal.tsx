import { useId, useState } from 'react';
import { TRUST_LABELS, type NewAthlete } from '../../../shared/supermatch-review.ts';
import type { RatingEffects, SupermatchReviewItem } from '../../../shared/answers/review.ts';
import { useAssociation } from '../../lib/association.ts';
import { leaderboardKeys } from '../../lib/leaderboard-api.ts';
import { NewAthleteFields } from './NewAthleteFields.tsx';
import { postSupermatchDecision } from './review-api.ts';
import { reviewKeys } from './review-keys.ts';
import { ReviewDialog } from './ReviewDialog.tsx';
import { Facts, HandChip, IpReveal, Section, TrustIcon } from './ReviewParts.tsx';
import { formatDay, handLabel } from '../../lib/labels.ts';
import { formatDelta, formatMoment, formatSkill, RATINGS_NOT_APPLIED, shownDelta } from './review-texts.ts';
import {
  EMPTY_DRAFT,
  newSides,
  parseNewAthlete,
  scoreText,
  sidesOf,
  weightsText,
  type NewAthleteDraft,
  type NewAthleteErrors,
  type Side,
} from './supermatch-view.ts';
import { useDecision } from './use-decision.ts';

type NewAthletes = Partial<Record<Side, NewAthlete>>;

/** What a decision did to the two athletes' skills, or why nothing moved. */
function RatingEffectsView({ effects }: { effects: RatingEffects | null }) {
  if (!effects?.applied) {
    return (
      <>
        <p className="review-note">{RATINGS_NOT_APPLIED}</p>
        {effects?.error ? <p className="review-error-line">{effects.error}</p> : null}
      </>
    );
  }
  return (
    <>
      <Facts rows={[['Hand', handLabel(effects.hand)]]} />
      <table className="effects-table">
        <caption className="visually-hidden">Ratings before and after the decision</caption>
        <thead>
          <tr>
            <th scope="col">Athlete</th>
            <th scope="col">Rating</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {[effects.a, effects.b].map((change, i) => {
            const delta = shownDelta(change);
            return (
              <tr key={i}>
                <th scope="row">{change.name}</th>
                <td>
                  {formatSkill(change.before)} <span aria-hidden="true">→</span>
                  <span className="visually-hidden"> to </span> {formatSkill(change.after)}
                </td>
                <td className={`delta ${delta > 0 ? 'up' : delta < 0 ? 'down' : ''}`}>{formatDelta(delta)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {effects.error ? <p className="review-error-line">{effects.error}</p> : null}
    </>
  );
}

/**
 * One submitted result: what was reported, what the decision did to the
 * ratings, who sent it, and the decision. Approving a result with a name
 * that is no athlete yet first asks which board the new athlete goes on.
 */
export function SupermatchModal({ item, onClose }: { item: SupermatchReviewItem; onClose: () => void }) {
  const { winner, loser, winnerWeight, loserWeight } = sidesOf(item);
  const { units } = useAssociation();
  const decision = useDecision<SupermatchReviewItem, NewAthletes>({
    listKey: reviewKeys.supermatches(),
    post: ({ id, status, expected, extra }) =>
      postSupermatchDecision(id, { status, expected_status: expected, ...(extra ? { athletes: extra } : {}) }),
    optimistic: (i, status, who, at) => ({ ...i, status, decided_by: who, decided_at: at }),
    // A decision rates the result (or takes it out again): the leaderboards change.
    alsoInvalidate: [leaderboardKeys.all],
  });
  const [drafts, setDrafts] = useState<Record<Side, NewAthleteDraft>>({ a: EMPTY_DRAFT, b: EMPTY_DRAFT });
  const [typedErrors, setTypedErrors] = useState<Partial<Record<Side, NewAthleteErrors>>>({});
  const blockedId = useId();

  const fresh = newSides(item);
  // Kept on screen (disabled) while the approval is on its way, so a refusal finds what was typed.
  const asksNew = fresh.length > 0 && (item.status !== 'approved' || decision.busy === 'approved');
  const missingSex = asksNew && fresh.some((side) => !drafts[side].sex);

  const errorsOf = (side: Side): NewAthleteErrors => {
    const server = decision.problem?.fields ?? {};
    const first = (field: keyof NewAthlete) => server[`athletes.${side}.${field}`]?.[0];
    return {
      sex: typedErrors[side]?.sex ?? first('sex'),
      weight: typedErrors[side]?.weight ?? first('weight'),
      club: typedErrors[side]?.club ?? first('club'),
    };
  };

  const onDecide = (status: 'approved' | 'denied') => {
    let athletes: NewAthletes | undefined;
    if (status === 'approved' && asksNew) {
      athletes = {};
      const errors: Partial<Record<Side, NewAthleteErrors>> = {};
      for (const side of fresh) {
        const parsed = parseNewAthlete(drafts[side]);
        if (parsed.ok) athletes[side] = parsed.value;
        else errors[side] = parsed.errors;
      }
      setTypedErrors(errors);
      if (Object.keys(errors).length) return;
    }
    decision.decide({ id: item.id, status, expected: item.status, extra: athletes });
  };

  const weights = weightsText(winnerWeight, loserWeight, units);
  const submitter = item.submitter.trim() || 'Anonymous';
  const trustLabel = TRUST_LABELS[item.submitter_trust] ?? TRUST_LABELS.anonymous;
  return (
    <ReviewDialog
      title={`${winner} vs ${loser}`}
      summary={
        <>
          <HandChip hand={item.hand} />
          {weights ? <span>{weights}</span> : null}
          {item.location ? <span>{item.location}</span> : null}
          <span>{formatDay(item.date)}</span>
        </>
      }
      status={item.status}
      record={{ decidedBy: item.decided_by, decidedAt: item.decided_at, history: item.decisions }}
      decision={decision}
      approveBlockedBy={missingSex ? blockedId : undefined}
      onClose={onClose}
      onDecide={onDecide}
    >
      {asksNew ? (
        <div className="new-athletes">
          {fresh.map((side) => (
            <NewAthleteFields
              key={side}
              name={side === 'a' ? item.a_name : item.b_name}
              draft={drafts[side]}
              errors={errorsOf(side)}
              disabled={decision.busy !== null}
              onChange={(draft) => setDrafts((all) => ({ ...all, [side]: draft }))}
            />
          ))}
          {missingSex ? (
            <p id={blockedId} className="field-hint">
              Choose Men or Women for each new athlete to approve this result.
            </p>
          ) : null}
        </div>
      ) : null}

      <Section title="Reported Result">
        <Facts
          rows={[
            ['Winner', winner],
            ['Loser', loser],
            ['Weights', weights],
            ['Location', item.location],
            ['Score', item.score === null ? `${scoreText(item)} (no score given)` : scoreText(item)],
            ['Notes', item.notes],
            ['Head ref', item.head_ref],
            ['Down ref', item.down_ref],
          ]}
        />
      </Section>

      <Section title="Rating Effects">
        <RatingEffectsView effects={item.rating_effects} />
      </Section>

      <Section title="Submission Info">
        <Facts
          rows={[
            ['Submitted', formatMoment(item.created_at)],
            [
              'Submitter',
              <span className="submitter">
                <TrustIcon trust={item.submitter_trust} decorative />
                {submitter}
                {trustLabel === submitter ? null : <span className="muted">({trustLabel})</span>}
              </span>,
            ],
            ['IP', <IpReveal ip={item.submitter_ip || null} />],
          ]}
        />
      </Section>
    </ReviewDialog>
  );
}
