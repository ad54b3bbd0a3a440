/** Placeholder: being built (issue 12). */
export function LivestreamAnalytics() {
  return null;
}
