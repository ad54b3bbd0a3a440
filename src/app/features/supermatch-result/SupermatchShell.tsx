import type { ReactNode, Ref } from 'react';
import { FormPanelShell } from '../../ui/FormPanel.tsx';

/** The anchor of the panel (spec part 2 §2: 'Submit Supermatch Result panel (anchor supermatch)'). */
export const SUPERMATCH_ANCHOR = 'supermatch';
export const SUPERMATCH_TITLE = 'Submit Supermatch Result';

export const SUPERMATCH_FRAME = { anchor: SUPERMATCH_ANCHOR, title: SUPERMATCH_TITLE, className: 'supermatch-panel' };

export function SupermatchShell({
  children,
  headingRef,
}: {
  children: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <FormPanelShell {...SUPERMATCH_FRAME} headingRef={headingRef}>
      {children}
    </FormPanelShell>
  );
}
