import { useQuery } from '@tanstack/react-query';
import type { HeadToHead } from '../../../shared/answers/head-to-head.ts';
import type { AthleteDetails, Hand, Medal } from '../../../shared/rankings.ts';
import type { SupermatchCard } from '../../../shared/answers/supermatches.ts';
import { athleteQuery } from '../../lib/athlete-api.ts';
import { handLabel } from '../../lib/labels.ts';
import { MedalIcon } from '../../ui/icons.tsx';
import { chanceText, headToHeadHand, isPast } from './card-rules.ts';
import { headToHeadQuery } from './supermatches-api.ts';
import { classLabel } from '../../../shared/association.ts';
import { useAssociation } from '../../lib/association.ts';

/** The back shows at most this many medals of each kind. */
export const TOURNAMENT_MEDALS = 6;
export const AMATEUR_MEDALS = 4;

const rank = (n: number | null | undefined) => (n ? `#${n}` : '—');

function Medals({ medals, max, label }: { medals: Medal[]; max: number; label: string }) {
  const shown = medals.slice(0, max);
  if (!shown.length) return null;
  return (
    <ul className="sm-medals" aria-label={label}>
      {shown.map((m, i) => (
        <li key={i}>
          <MedalIcon place={m.place} title={m.display_text} />
        </li>
      ))}
    </ul>
  );
}

function MedalCell({ d, name }: { d: AthleteDetails | null | undefined; name: string }) {
  if (!d) return <td>—</td>;
  const none = !d.badges.tournament_medals.length && !d.badges.amateur_medals.length;
  return (
    <td>
      {none ? '—' : null}
      <Medals medals={d.badges.tournament_medals} max={TOURNAMENT_MEDALS} label={`${name}: tournament medals`} />
      <Medals medals={d.badges.amateur_medals} max={AMATEUR_MEDALS} label={`${name}: amateur medals`} />
    </td>
  );
}

function Form({ form, name }: { form: ('W' | 'L')[]; name: string }) {
  if (!form.length) return <span className="muted">—</span>;
  return (
    <ol className="sm-form" aria-label={`${name}: last ${form.length} on this hand, newest first`}>
      {form.map((r, i) => (
        <li key={i} className={r === 'W' ? 'win' : 'loss'}>
          <abbr title={r === 'W' ? 'Win' : 'Loss'}>{r}</abbr>
        </li>
      ))}
    </ol>
  );
}

interface BackData {
  a: AthleteDetails | null | undefined;
  b: AthleteDetails | null | undefined;
  /** The athletes are still being read: their cells say so. */
  loading: boolean;
  h2h: HeadToHead | undefined;
  h2hFailed: boolean;
}

/**
 * The back of a card: each athlete's ranks per hand, weight class and medals,
 * then the head-to-head on the card's hand (a both-hands card: the right):
 * the record, each one's last five, and before the bout the model's chances.
 * The card mounts it when the back first shows, so nothing is fetched, laid
 * out or watched for backs nobody turns to.
 */
export function CardBack({ card }: { card: SupermatchCard }) {
  const a = useQuery(athleteQuery(card.a));
  const b = useQuery(athleteQuery(card.b));
  const h2h = useQuery(headToHeadQuery(card.a, card.b, headToHeadHand(card.hand), card.bestOf));
  return (
    <BackTable
      card={card}
      data={{
        a: a.data,
        b: b.data,
        loading: a.isPending || b.isPending,
        h2h: h2h.data,
        h2hFailed: h2h.isError,
      }}
    />
  );
}

function BackTable({ card, data }: { card: SupermatchCard; data: BackData }) {
  const { a, b, loading, h2hFailed } = data;
  const hand = headToHeadHand(card.hand);
  // The athlete's class as the leaderboards judge it, in the association's unit.
  const { units } = useAssociation();
  const row = (label: string, value: (d: AthleteDetails) => string) => (
    <tr>
      <th scope="row">{label}</th>
      <td>{a ? value(a) : loading ? '…' : '—'}</td>
      <td>{b ? value(b) : loading ? '…' : '—'}</td>
    </tr>
  );
  const rankRows = (h: Hand) => (
    <>
      {row(`${h} overall`, (d) => rank(d.ranks[h].overall_rank))}
      {row(`${h} in class`, (d) => rank(d.ranks[h].class_rank))}
    </>
  );
  const upcoming = !isPast(card);
  const h = data.h2h;

  return (
    <table className="sm-stats">
      <caption className="visually-hidden">
        {card.a} and {card.b}: ranks, weight class, medals and head-to-head
      </caption>
      <thead>
        <tr>
          <td />
          <th scope="col">{card.a}</th>
          <th scope="col">{card.b}</th>
        </tr>
      </thead>
      <tbody>
        {row('Class', (d) => classLabel(d.weight_class, units))}
        {rankRows('RH')}
        {rankRows('LH')}
        <tr>
          <th scope="row">Medals</th>
          <MedalCell d={a} name={card.a} />
          <MedalCell d={b} name={card.b} />
        </tr>
      </tbody>
      <tbody className="sm-h2h">
        <tr>
          <th scope="colgroup" colSpan={3} className="sm-h2h-title">
            Head-to-head · {handLabel(hand)}
          </th>
        </tr>
        {h ? (
          <>
            <tr>
              <th scope="row">Record</th>
              <td className="sm-record">{h.record.a}</td>
              <td className="sm-record">{h.record.b}</td>
            </tr>
            <tr>
              <th scope="row">Last five</th>
              <td>
                <Form form={h.a.form} name={card.a} />
              </td>
              <td>
                <Form form={h.b.form} name={card.b} />
              </td>
            </tr>
            {upcoming ? (
              <tr>
                <th scope="row">Chance</th>
                <td className="sm-chance">{chanceText(h.chance.match)}</td>
                <td className="sm-chance">{chanceText(1 - h.chance.match)}</td>
              </tr>
            ) : null}
          </>
        ) : (
          <tr>
            <td colSpan={3} className="muted">
              {h2hFailed ? 'Head-to-head unavailable right now.' : 'Loading…'}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
