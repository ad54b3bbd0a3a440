import { Suspense, useState, type ComponentType } from 'react';
import { useDraft } from '../../outbox/draft.ts';
import { LoadBoundary } from '../../ui/LoadBoundary.tsx';

/**
 * A Feedback tab on the home screen opening a slide-up sheet. The tab is tiny
 * and eager; the sheet (with zod) is a lazy component the route hands in, and
 * pointing at or focusing the tab starts loading it, so it is ready on tap.
 */
export interface FeedbackSheetProps {
  onClose: () => void;
}

export function FeedbackTab({
  sheet: FeedbackSheet,
  preload,
}: {
  sheet: ComponentType<FeedbackSheetProps>;
  preload: () => void;
}) {
  const [open, setOpen] = useState(false);
  // 'Edit' on a refused feedback in the outbox list opens the sheet with it.
  const draft = useDraft();
  if (draft?.kind === 'feedback' && !open) setOpen(true);
  return (
    <>
      <button
        type="button"
        className="feedback-tab"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        Feedback
      </button>
      {open ? (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <FeedbackSheet onClose={() => setOpen(false)} />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </>
  );
}
