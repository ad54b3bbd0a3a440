/** Placeholder: being built (issue 12). */
export function InboxPanel() {
  return null;
}
