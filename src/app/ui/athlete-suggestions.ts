/**
 * The athlete select's rules, kept pure so they are tested
 * without a DOM: names deduplicated case-insensitively and sorted
 * alphabetically; at most 20 suggestions, prefix matches before contains
 * matches; a typed name that is not in the list is offered as 'Add "{name}"';
 * nothing at all when the field is locked.
 */
import { compareText } from '../../shared/compare-text.ts';
import { collatorCompare } from '../lib/collate.ts';

/** Suggestions limit 20. */
export const SUGGESTION_LIMIT = 20;

export type Suggestion = { kind: 'name'; name: string } | { kind: 'add'; name: string };

const byName = collatorCompare('en', { sensitivity: 'base', numeric: true });
const fold = (s: string) => s.trim().toLocaleLowerCase('en');

/** Trimmed, blank ones dropped, one spelling per case-insensitive name (the first seen), alphabetical. */
export function uniqueNames(names: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name) continue;
    const key = fold(name);
    if (!seen.has(key)) seen.set(key, name);
  }
  return [...seen.values()].sort((a, b) => byName(a, b) || compareText(a, b));
}

/** The label of an option as the list shows it. */
export function suggestionLabel(s: Suggestion): string {
  return s.kind === 'add' ? `Add "${s.name}"` : s.name;
}

/**
 * What the list offers for what has been typed. `names` may be unsorted and
 * hold duplicates; the result is at most `limit` names plus, when the typed
 * name is new, the Add entry last.
 */
export function suggestAthletes(
  names: Iterable<string>,
  typed: string,
  opts: { locked?: boolean; limit?: number } = {},
): Suggestion[] {
  if (opts.locked) return [];
  const limit = opts.limit ?? SUGGESTION_LIMIT;
  const list = uniqueNames(names);
  const query = fold(typed).replace(/\s+/g, ' ');
  if (!query) return list.slice(0, limit).map((name) => ({ kind: 'name', name }));

  const prefix: string[] = [];
  const contains: string[] = [];
  let exact = false;
  for (const name of list) {
    const key = fold(name);
    if (key === query) exact = true;
    if (key.startsWith(query)) prefix.push(name);
    else if (key.includes(query)) contains.push(name);
  }
  const out: Suggestion[] = [...prefix, ...contains].slice(0, limit).map((name) => ({ kind: 'name', name }));
  if (!exact) out.push({ kind: 'add', name: typed.trim().replace(/\s+/g, ' ') });
  return out;
}
