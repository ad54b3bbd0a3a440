import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { classLabel } from '../../../shared/association.ts';
import { localToday } from '../../../shared/field-rules.ts';
import type { Hand, Leaderboard } from '../../../shared/rankings.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { rankBadge, skillText } from '../../ui/rank-badge.ts';
import { MedalIcon, RankBadgeIcon } from '../../ui/icons.tsx';
import { athleteQuery } from '../../lib/athlete-api.ts';
import { boardUnits } from '../../lib/leaderboard-api.ts';
import { AthleteResults } from './AthleteResults.tsx';
import { summaryFromBoard, SPECIAL_CROWNS, withDetails } from './athlete-summary.ts';
import { chartDays, CHART_RANGES, DEFAULT_RANGE, pointsInRange, type ChartRange } from './chart-range.ts';
import { SkillChartFrame } from './SkillChartFrame.tsx';

/** The athlete popup: skill, ranks and medals per hand, and the skill history chart. */
export default function AthletePopup({
  board,
  name,
  dev,
  onClose,
}: {
  board: Leaderboard;
  name: string;
  dev: boolean;
  onClose: () => void;
}) {
  const seed = useMemo(() => summaryFromBoard(board, name), [board, name]);
  // The details arrive after the popup is up: drawn with them in a transition React can split, not one long task.
  const details = useDeferredValue(useQuery(athleteQuery(name)).data);
  const a = details ? withDetails(seed, details) : seed;
  const [range, setRange] = useState<ChartRange>(DEFAULT_RANGE);
  const div = a.sex === 'F' ? 'Women' : 'Men';
  const crown = SPECIAL_CROWNS[a.name];

  const history = a.history;
  // The chart's days, null until the athlete's history has come.
  const days = useMemo(() => {
    if (!history) return null;
    const series = (hand: Hand) => pointsInRange(history.days, history[hand], range, localToday());
    return chartDays(series('LH'), series('RH'));
  }, [history, range]);

  return (
    <Dialog
      title={a.name}
      onClose={onClose}
      className="athlete-popup"
      footer={
        <>
          {dev ? (
            <button type="button" className="button secondary" disabled title="Coming soon">
              Challenge to supermatch
            </button>
          ) : null}
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="hand-cards">
        {(['LH', 'RH'] as const).map((hand) => (
          <section key={hand} className="hand-card" aria-label={hand === 'LH' ? 'Left Hand' : 'Right Hand'}>
            <h3>{hand === 'LH' ? 'Left Hand' : 'Right Hand'}</h3>
            <dl>
              <dt>Skill</dt>
              <dd>{skillText(a.skill[hand], dev)}</dd>
              <dt>Rank in class</dt>
              <dd>{a.classRank[hand] ?? '—'}</dd>
              <dt>Rank overall</dt>
              <dd>{a.overallRank[hand] ?? '—'}</dd>
            </dl>
          </section>
        ))}
      </div>
      <p className="ratings-link">
        <Link to="/ratings">How the rankings work</Link>
      </p>

      <section className="chart-block" aria-label="Skill history">
        <div className="range-tabs" role="tablist" aria-label="Chart range">
          {CHART_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              role="tab"
              aria-selected={range === r}
              className="range-tab"
              onClick={() => setRange(r)}
            >
              {r}
            </button>
          ))}
        </div>
        <SkillChartFrame days={days} range={range} dev={dev} />
        <ul className="legend" aria-label="Legend">
          <li className="legend-left">Left Hand</li>
          <li className="legend-right">Right Hand</li>
        </ul>
      </section>

      <dl className="info-rows">
        <dt>Sex</dt>
        <dd>{a.sex === 'F' ? 'Female' : 'Male'}</dd>
        <dt>Weight class</dt>
        <dd>{classLabel(a.weightClass, boardUnits(board))}</dd>
        <dt>Date of last weigh-in</dt>
        <dd>{a.lastWeighIn ?? '—'}</dd>
        <dt>Club</dt>
        <dd>
          {a.club ? (
            <Link className="button link" to="/clubs" search={{ club: a.club, from: 'athlete', ath: a.name, div }}>
              {a.club}
            </Link>
          ) : (
            '—'
          )}
        </dd>
      </dl>

      <ul className="badge-rail" aria-label="Badges">
        {a.clubLeader ? (
          <li>
            <img src="/badges/crown-leader.svg" alt="Club leader" width="24" height="24" />
          </li>
        ) : null}
        {a.club ? (
          <li>
            <img src="/badges/club-member.svg" alt={`Member of ${a.club}`} width="24" height="24" />
          </li>
        ) : null}
        {crown ? (
          <li>
            <img
              src={`/badges/crown-${crown}.svg`}
              alt={crown === 'dev' ? 'Developer' : 'Admin'}
              width="24"
              height="24"
            />
          </li>
        ) : null}
        {(['LH', 'RH'] as const).flatMap((hand) =>
          (['overall', 'class'] as const).map((scope) => {
            const badge = rankBadge(scope === 'overall' ? a.overallRank[hand] : a.classRank[hand]);
            return badge ? (
              <li key={`${hand}-${scope}`} title={`${hand === 'LH' ? 'Left' : 'Right'} hand`}>
                <RankBadgeIcon badge={badge} scope={scope} />
              </li>
            ) : null;
          }),
        )}
        {a.tournamentMedals.map((m, i) => (
          <li key={`t${i}`}>
            <MedalIcon place={m.place} title={m.display_text} />
          </li>
        ))}
        {a.amateurMedals.map((m, i) => (
          <li key={`a${i}`}>
            <MedalIcon place={m.place} title={m.display_text} />
          </li>
        ))}
      </ul>

      {details ? <AthleteResults results={details.results} dev={dev} /> : null}
    </Dialog>
  );
}
