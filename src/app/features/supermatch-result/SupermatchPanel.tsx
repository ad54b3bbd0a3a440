import type { ComponentType } from 'react';
import { LazyFormPanel } from '../../ui/FormPanel.tsx';
import { SUPERMATCH_FRAME } from './SupermatchShell.tsx';

/**
 * The home screen's supermatch result panel. The form itself is handed in as a
 * lazy component by the route, so the frame paints with the boards and the
 * form's code (with zod) stays off the first screen.
 */
export function SupermatchPanel({ form }: { form: ComponentType }) {
  return <LazyFormPanel {...SUPERMATCH_FRAME} form={form} />;
}
