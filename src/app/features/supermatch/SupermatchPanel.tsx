import { lazy, Suspense } from 'react';
import { LoadBoundary } from './LoadBoundary.tsx';
import { SupermatchShell } from './SupermatchShell.tsx';

/**
 * The home screen's supermatch panel. The form and its validation (zod) live
 * in a lazy chunk, off the first screen's JavaScript budget; the frame with
 * the anchor and heading is here, tiny, so it paints with the boards.
 */
const SupermatchForm = lazy(() => import('./home-forms.ts').then((m) => ({ default: m.SupermatchForm })));

export function SupermatchPanel() {
  return (
    <LoadBoundary
      fallback={
        <SupermatchShell>
          <p className="muted">The form could not load. Check the connection and reload the page.</p>
        </SupermatchShell>
      }
    >
      <Suspense
        fallback={
          <SupermatchShell>
            <p className="muted form-loading">Loading the form…</p>
          </SupermatchShell>
        }
      >
        <SupermatchForm />
      </Suspense>
    </LoadBoundary>
  );
}
