/** Placeholder: being built (issue 12). */
export function SupermatchReview() {
  return null;
}
