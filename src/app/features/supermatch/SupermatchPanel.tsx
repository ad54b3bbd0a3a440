import { lazy } from 'react';
import { LazyFormPanel } from '../../ui/FormPanel.tsx';
import { SUPERMATCH_FRAME } from './SupermatchShell.tsx';

/** The home screen's supermatch panel; the form comes in a lazy chunk so the frame paints with the boards. */
const SupermatchForm = lazy(() => import('./home-forms.ts').then((m) => ({ default: m.SupermatchForm })));

export function SupermatchPanel() {
  return <LazyFormPanel {...SUPERMATCH_FRAME} form={SupermatchForm} />;
}
