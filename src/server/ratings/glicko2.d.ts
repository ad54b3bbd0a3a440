/** The parts of the `glicko2` package (mmai/glicko2js, which ships no types) the evaluation uses. */
declare module 'glicko2' {
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
    predict(other: Glicko2Player): number;
  }
  export interface Glicko2Settings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
  }
  export class Glicko2 {
    constructor(settings?: Glicko2Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    /** One rating period: [player, opponent, score of player (1, 0.5 or 0)]. Every player's deviation grows. */
    updateRatings(matches: [Glicko2Player, Glicko2Player, number][]): void;
    predict(a: Glicko2Player, b: Glicko2Player): number;
  }
}
