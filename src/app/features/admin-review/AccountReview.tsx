/** Placeholder: being built (issue 12). */
export function AccountReview() {
  return null;
}
