import type { ComponentType } from 'react';
import { useDraft } from '../../outbox/draft.ts';
import { LazyFormPanel } from '../../ui/FormPanel.tsx';
import { SUPERMATCH_FRAME } from './supermatch-frame.ts';

/**
 * The home screen's supermatch result panel. The form itself is handed in as a
 * lazy component by the route, so the frame paints with the boards and the
 * form's code (with zod) stays off the first screen; it loads when the panel
 * nears the screen, or at once when a refused result is opened again for
 * editing.
 */
export function SupermatchPanel({ form }: { form: ComponentType }) {
  const draft = useDraft();
  return <LazyFormPanel {...SUPERMATCH_FRAME} form={form} now={draft?.kind === 'supermatch'} />;
}
