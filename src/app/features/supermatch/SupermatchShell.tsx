import type { ReactNode, Ref } from 'react';

/** The anchor of the panel (spec part 2 §2: 'Submit Supermatch Result panel (anchor supermatch)'). */
export const SUPERMATCH_ANCHOR = 'supermatch';
export const SUPERMATCH_TITLE = 'Submit Supermatch Result';

/**
 * The panel's frame, the same while its form loads and after: the anchor and
 * the heading exist from the first paint, so a link to #supermatch lands.
 */
export function SupermatchShell({ children, headingRef }: { children: ReactNode; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <section id={SUPERMATCH_ANCHOR} className="form-panel supermatch-panel" aria-labelledby="supermatch-title">
      <h2 id="supermatch-title" ref={headingRef} tabIndex={-1}>
        {SUPERMATCH_TITLE}
      </h2>
      {children}
    </section>
  );
}
