/**
 * The win chance's calibration from the association's own results: a temperature s on the model's chance,
 * shown = 1 / (1 + exp(-s x logit(chance))). s = 1 shows the model as it is; s < 1 pulls every chance toward 50%
 * (the model was too sure), s > 1 away from it. s is the most likely value given every decided head-to-head
 * result before the day (its chance as the model gave it, and who won), with a prior that holds it near 1 until
 * results say otherwise: `prior` is the prior's weight, as a precision (1 / variance). The ratings do not depend
 * on it; only the chances shown do.
 */
export class Temperature {
  private logits: number[] = [];
  private wins: number[] = [];
  private fitted = 0;
  s = 1;

  constructor(private readonly prior: number) {}

  /** A decided result: the model's chance that A won, and whether A won. */
  add(chance: number, aWon: boolean): void {
    this.logits.push(logit(chance));
    this.wins.push(aWon ? 1 : 0);
  }

  get count(): number {
    return this.logits.length;
  }

  /** Fits s to everything added (Newton's method from the last s, to convergence). */
  refit(): number {
    if (this.fitted === this.logits.length) return this.s;
    let s = this.s;
    for (let i = 0; i < 50; i++) {
      let gradient = -this.prior * (s - 1);
      let curvature = this.prior;
      for (let j = 0; j < this.logits.length; j++) {
        const z = this.logits[j]!;
        const p = 1 / (1 + Math.exp(-s * z));
        gradient += (this.wins[j]! - p) * z;
        curvature += p * (1 - p) * z * z;
      }
      const step = gradient / curvature;
      s = Math.min(3, Math.max(0.05, s + step));
      if (Math.abs(step) < 1e-9) break;
    }
    this.fitted = this.logits.length;
    this.s = s;
    return s;
  }

  /** The chance shown for the model's chance. */
  apply(chance: number): number {
    return calibrate(chance, this.s);
  }
}

const EDGE = 1e-9;
const logit = (p: number) => {
  const q = Math.min(1 - EDGE, Math.max(EDGE, p));
  return Math.log(q / (1 - q));
};

/** A chance with temperature s applied. */
export const calibrate = (chance: number, s: number): number => 1 / (1 + Math.exp(-s * logit(chance)));
