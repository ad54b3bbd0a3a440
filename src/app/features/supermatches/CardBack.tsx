import { useQuery } from '@tanstack/react-query';
import type { AthleteDetails, Hand, Medal } from '../../../shared/rankings.ts';
import type { SupermatchCard } from '../../../shared/supermatches.ts';
import { athleteQuery } from '../../lib/athlete-api.ts';
import { handLabel } from '../../lib/labels.ts';
import { MedalIcon } from '../../ui/icons.tsx';
import { chanceText, headToHeadHand, isPast } from './card-rules.ts';
import { headToHeadQuery } from './supermatches-api.ts';

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
  if (!form.length) return <span className="muted">No results yet</span>;
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

/**
 * The back of a card: each athlete's ranks per hand, weight class and medals,
 * then the head-to-head on the card's hand (a both-hands card: the right):
 * the record, each one's last five, and before the bout the model's chances.
 * Nothing is fetched until the back first shows (`load`).
 */
export function CardBack({ card, load }: { card: SupermatchCard; load: boolean }) {
  const a = useQuery({ ...athleteQuery(card.a), enabled: load });
  const b = useQuery({ ...athleteQuery(card.b), enabled: load });
  const hand = headToHeadHand(card.hand);
  const h2h = useQuery({ ...headToHeadQuery(card.a, card.b, hand, card.bestOf), enabled: load });
  const loading = a.isPending || b.isPending;
  const row = (label: string, value: (d: AthleteDetails) => string) => (
    <tr>
      <th scope="row">{label}</th>
      <td>{a.data ? value(a.data) : loading ? '…' : '—'}</td>
      <td>{b.data ? value(b.data) : loading ? '…' : '—'}</td>
    </tr>
  );
  const rankRows = (h: Hand) => {
    const short = h === 'RH' ? 'Right' : 'Left';
    return (
      <>
        {row(`${short} overall`, (d) => rank(d.ranks[h].overall_rank))}
        {row(`${short} in class`, (d) => rank(d.ranks[h].class_rank))}
      </>
    );
  };
  const upcoming = !isPast(card);

  return (
    <div className="sm-back-body">
      <table className="sm-stats">
        <caption className="visually-hidden">
          {card.a} and {card.b}: ranks, weight class and medals
        </caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{card.a}</th>
            <th scope="col">{card.b}</th>
          </tr>
        </thead>
        <tbody>
          {row('Weight class', (d) => d.weight_class)}
          {rankRows('RH')}
          {rankRows('LH')}
          <tr>
            <th scope="row">Medals</th>
            <MedalCell d={a.data} name={card.a} />
            <MedalCell d={b.data} name={card.b} />
          </tr>
        </tbody>
      </table>

      <section className="sm-h2h" aria-label={`Head-to-head, ${handLabel(hand)}`}>
        <h4>Head-to-head · {handLabel(hand)}</h4>
        {h2h.data ? (
          <dl>
            <div className="sm-h2h-row">
              <dt>Record</dt>
              <dd className="sm-record">
                {h2h.data.record.a + h2h.data.record.b === 0 ? (
                  'First meeting'
                ) : (
                  <>
                    {card.a} {h2h.data.record.a} – {h2h.data.record.b} {card.b}
                  </>
                )}
              </dd>
            </div>
            <div className="sm-h2h-row">
              <dt>Last five</dt>
              <dd className="sm-pair">
                <Form form={h2h.data.a.form} name={card.a} />
                <Form form={h2h.data.b.form} name={card.b} />
              </dd>
            </div>
            {upcoming ? (
              <div className="sm-h2h-row">
                <dt>Chance to win</dt>
                <dd className="sm-pair">
                  <span>{chanceText(h2h.data.chance.match)}</span>
                  <span>{chanceText(1 - h2h.data.chance.match)}</span>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p className="muted">{h2h.isError ? 'Head-to-head unavailable right now.' : 'Loading…'}</p>
        )}
      </section>
    </div>
  );
}
