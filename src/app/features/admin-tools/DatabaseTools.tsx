/** Placeholder: being built (issue 12). */
export function DatabaseTools() {
  return null;
}
