import { Glicko2, type Glicko2Player } from 'glicko2';
import type { Hand } from '../../shared/rankings.ts';
import { AppRatings } from './app-ratings.ts';
import type { Bracket, Match, Unit } from './units.ts';
import { MODEL, type ModelConstants } from './model.ts';
import { ratingKey, type Predictor } from './replay.ts';

/**
 * The models the evaluation compares, each keeping one rating per athlete per hand. `app` and `app_pin` run the
 * app's own code (engine.ts rates, model.ts predicts); Elo and Glicko-2 are the two classic baselines; the coin
 * says 50% every time. Elo and Glicko-2 see a supermatch or a tournament match as one game won by whoever took
 * more pins, and a bracket as the games between neighbouring places (1st beat 2nd, 2nd beat 3rd …; a shared
 * place is a draw), about as many games as a double-elimination bracket plays per athlete.
 */

export type ModelName = 'app' | 'app_pin' | 'elo' | 'glicko2' | 'coin';

/**
 * The app's model as the app shows it (app-ratings.ts): its calibrated match chance (best-of included), or its
 * calibrated single-pin chance taken as the match's prediction.
 */
export function appModel(m: ModelConstants = MODEL, chance: 'match' | 'pin' = 'match'): Predictor {
  const app = new AppRatings(m);
  return {
    name: chance === 'match' ? 'app' : 'app_pin',
    predict: (u) => app.chances(app.get(u.a, u.hand), app.get(u.b, u.hand), u.bestOf)[chance],
    rateDay: (day) => void app.day(day),
  };
}

/** A match as one game: 1 when A took more pins, 0 when B did, 0.5 for a draw. */
const scoreOfA = (u: Match) => (u.aWins > u.bWins ? 1 : u.aWins < u.bWins ? 0 : 0.5);

/** A bracket's games between neighbouring places, best place first: [better, worse, score of the better]. */
function neighbourGames(u: Bracket): [number, number, number][] {
  const order = [...u.entries].sort((x, y) => x.place - y.place);
  return order
    .slice(1)
    .map(
      (e, i) => [order[i]!.athleteId, e.athleteId, order[i]!.place === e.place ? 0.5 : 1] as [number, number, number],
    );
}

/** Elo on the usual 400-point logistic scale, every athlete starting at 1500, with a K of its own. */
export function eloModel(k: number): Predictor {
  const ratings = new Map<string, number>();
  const get = (id: number, hand: Hand) => ratings.get(ratingKey(id, hand)) ?? 1500;
  const expected = (ra: number, rb: number) => 1 / (1 + 10 ** ((rb - ra) / 400));
  return {
    name: 'elo',
    predict: (u) => expected(get(u.a, u.hand), get(u.b, u.hand)),
    rateDay(day: Unit[]) {
      for (const u of day) {
        const games: [number, number, number][] = u.kind === 'match' ? [[u.a, u.b, scoreOfA(u)]] : neighbourGames(u);
        // A bracket's games are scored from the ratings before it, then applied together.
        const change = new Map<number, number>();
        for (const [a, b, s] of games) {
          const d = k * (s - expected(get(a, u.hand), get(b, u.hand)));
          change.set(a, (change.get(a) ?? 0) + d);
          change.set(b, (change.get(b) ?? 0) - d);
        }
        for (const [id, d] of change) ratings.set(ratingKey(id, u.hand), get(id, u.hand) + d);
      }
    },
  };
}

/** Glicko-2 (the `glicko2` package, Glickman's defaults: 1500, RD 350, volatility 0.06, tau 0.5), one rating period per day. */
export function glicko2Model(): Predictor {
  const system = new Glicko2({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 });
  const players = new Map<string, Glicko2Player>();
  const get = (id: number, hand: Hand) => {
    const key = ratingKey(id, hand);
    let p = players.get(key);
    if (!p) players.set(key, (p = system.makePlayer()));
    return p;
  };
  return {
    name: 'glicko2',
    predict: (u) => system.predict(get(u.a, u.hand), get(u.b, u.hand)),
    rateDay(day: Unit[]) {
      const games: [Glicko2Player, Glicko2Player, number][] = [];
      for (const u of day) {
        const pairs: [number, number, number][] = u.kind === 'match' ? [[u.a, u.b, scoreOfA(u)]] : neighbourGames(u);
        for (const [a, b, s] of pairs) games.push([get(a, u.hand), get(b, u.hand), s]);
      }
      system.updateRatings(games);
    },
  };
}

export function coinModel(): Predictor {
  return { name: 'coin', predict: () => 0.5, rateDay: () => {} };
}
