/**
 * The chance that A wins a best-of-N supermatch, given the chance p that A
 * wins one pin (each pin independent, the same p). A needs k = ceil(N / 2)
 * pins before B gets k: summing over the j pins B takes first (0 to k - 1),
 *
 *   P(match) = sum_{j=0}^{k-1} C(k - 1 + j, j) * p^k * (1 - p)^j
 *
 * (A's k-th pin is the last one played). Equal players give 50% at any N,
 * best of 1 gives p itself, and P(A) + P(B) = 1.
 */
export function matchWinChance(pinChance: number, bestOf: number): number {
  const p = Math.min(1, Math.max(0, pinChance));
  const k = Math.ceil(Math.max(1, bestOf) / 2);
  let total = 0;
  let ways = 1; // C(k - 1 + j, j), built up as j grows
  for (let j = 0; j < k; j++) {
    if (j > 0) ways = (ways * (k - 1 + j)) / j;
    total += ways * p ** k * (1 - p) ** j;
  }
  return total;
}
