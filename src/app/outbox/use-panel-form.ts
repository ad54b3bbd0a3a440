import { useRef } from 'react';
import { rememberSubmitterName } from '../lib/submitter-name.ts';

/**
 * What a form panel with a submitter name (the supermatch result, Add Club)
 * does around the outbox form hook: an entry brought back by 'Edit' scrolls
 * the panel's heading into view and focuses it; after a sent or queued
 * submission the heading takes focus again (the form starts over below it);
 * the name typed as the submitter is remembered for the next form, unless it
 * is the verified name the field is locked to. Spread `options` into
 * useOutboxForm's and give `headingRef` to the panel's frame.
 */
export function usePanelForm(verifiedName: string | null | undefined) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  return {
    headingRef,
    options: {
      onDraftTaken: () => {
        headingRef.current?.scrollIntoView({ block: 'start' });
        headingRef.current?.focus();
      },
      beforeSend: (values: { submitter: string }) => {
        if (!verifiedName) rememberSubmitterName(values.submitter);
      },
      afterSuccess: () => headingRef.current?.focus(),
    },
  };
}
