import type { ReactNode, Ref } from 'react';
import { FormPanelShell } from '../../ui/FormPanel.tsx';

/** The anchor the Submit Supermatch Result panel is linked by. */
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
