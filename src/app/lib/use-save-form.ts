import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { FieldBinding, FormValidation } from './form-validation.ts';
import { saveFailure, serverFieldErrors } from './save-errors.ts';

/**
 * The one way an admin's editor saves straight to the server (an admin edits
 * online; there is no outbox here): the values as the inputs hold them, the
 * shared schema's check before anything is sent, the save, the queries it
 * changes read again, and what went wrong: the check's or the server's field
 * errors beside their inputs, and why the save failed. A failed save keeps
 * every value, so nothing typed is lost.
 */
export function useSaveForm<V extends object, P, R>(o: {
  initial: () => V;
  /** The values checked, usually with validateWith(schema.safeParse(...)). */
  check: (values: V) => FormValidation<V, P>;
  save: (body: P) => Promise<R>;
  /** The queries the saved change shows in. */
  invalidates: readonly QueryKey[];
  onSaved: (saved: R) => void;
}) {
  const client = useQueryClient();
  const [values, setValues] = useState(o.initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const mutation = useMutation({
    mutationFn: o.save,
    onSuccess: async (saved) => {
      await Promise.all(o.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
      o.onSaved(saved);
    },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });
  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));
  return {
    values,
    set,
    /** The error beside each field (the check's, or the server's after a refused save). */
    errors,
    /** A field's value, error and handler, for a field component. */
    bind: <K extends keyof V & string>(key: K): FieldBinding<V[K]> => ({
      value: values[key],
      onValue: (value) => set(key, value),
      error: errors[key],
    }),
    saving: mutation.isPending,
    /** Why the last save failed; null when it did not. */
    failure: saveFailure(mutation.error),
    onSubmit: (e: FormEvent) => {
      e.preventDefault();
      const checked = o.check(values);
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      setErrors({});
      mutation.mutate(checked.data);
    },
    /** Back to the first values, no errors (Discard). */
    reset: () => {
      setValues(o.initial());
      setErrors({});
    },
  };
}

/** A record's text fields as the inputs hold them: '' where it has none (a new record has none at all). */
export function textsOf<K extends string>(
  record: { readonly [key in K]?: string | null } | null | undefined,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, record?.[key] ?? ''])) as Record<K, string>;
}
