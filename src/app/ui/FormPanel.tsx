import { Suspense, useRef, type ComponentType, type ReactNode, type Ref, type RefObject } from 'react';
import { useAfterFirstContent } from '../lib/first-content.ts';
import { useNearScreen } from '../lib/use-near-screen.ts';
import { LoadBoundary } from './LoadBoundary.tsx';

/** A form panel's anchor, heading and class: each form's texts module exports its own. */
export interface PanelFrame {
  /** The section's id: the anchor a link such as #supermatch lands on. */
  anchor: string;
  title: string;
  className?: string;
}

/**
 * A form panel's frame, the same while its form loads and after: the anchor
 * and the heading exist from the first paint, so a link to the anchor lands.
 */
export function FormPanelShell({
  anchor,
  title,
  className,
  headingRef,
  children,
}: PanelFrame & { headingRef?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <section id={anchor} className={`form-panel ${className ?? ''}`.trim()} aria-labelledby={`${anchor}-title`}>
      <h2 id={`${anchor}-title`} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * When a heavy part far down a screen loads: once the screen's first content
 * is up and the part's box comes within a screen of view (and from then on).
 * The form panels below and the athlete popup's chart load by this rule.
 * (It lives in this first-screen module rather than a file of its own: a
 * module the popup shared with the first screen would be a chunk of its own.)
 */
export function useLoadWhenNear(box: RefObject<Element | null>): boolean {
  const near = useNearScreen(box);
  const after = useAfterFirstContent();
  return after && near;
}

/**
 * A form whose code (and zod, whose first validation alone is a long task on
 * a phone) comes in a lazy chunk, off the first screen. It loads when near
 * (useLoadWhenNear), or at once when `now` (a refused entry opened again for
 * editing). Until then and while it loads, the frame keeps the form's room
 * with a line saying it is loading; when its chunk cannot be fetched, it says
 * so instead.
 */
export function LazyFormPanel({
  form: Form,
  now = false,
  ...frame
}: PanelFrame & { form: ComponentType; now?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useLoadWhenNear(box);
  return (
    <div ref={box}>
      <PanelForm form={Form} ready={now || near} {...frame} />
    </div>
  );
}

function PanelForm({ form: Form, ready, ...frame }: PanelFrame & { form: ComponentType; ready: boolean }) {
  const loading = (
    <FormPanelShell {...frame}>
      <p className="muted form-loading">Loading the form…</p>
    </FormPanelShell>
  );
  if (!ready) return loading;
  return (
    <LoadBoundary
      // No Try again button here (ui/LoadFailed reloads the page): a reload would drop what is typed in the
      // page's other forms, so the reader chooses when.
      fallback={
        <FormPanelShell {...frame}>
          <p className="muted">The form could not load. Check the connection and reload the page.</p>
        </FormPanelShell>
      }
    >
      <Suspense fallback={loading}>
        <Form />
      </Suspense>
    </LoadBoundary>
  );
}
