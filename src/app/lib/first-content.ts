import { startTransition, useEffect, useState } from 'react';
import { createSignal } from './signal.ts';
import { whenIdle } from './when-idle.ts';

/**
 * "The screen's first content is up": the leaderboards mark it when their
 * first rows (or the failure line) are on screen, the events, supermatches and
 * clubs when their list (or its empty or failed state) is, other screens when
 * they are drawn. Work that is not needed for that first content — the
 * featured supermatch, the home screen's forms, the outbox's start — waits for
 * it and then for an idle moment, so a phone spends its first seconds on what
 * the visitor came for. A timer marks it anyway, so nothing waits forever.
 */
const shown = createSignal(false);
const GIVE_UP_MS = 8000;

export function markFirstContent(): void {
  shown.set(true);
}

/** Marks the first content once `ready` (the screen's own content is on screen). */
export function useFirstContentWhen(ready: boolean): void {
  useEffect(() => {
    if (ready) markFirstContent();
  }, [ready]);
}

setTimeout(markFirstContent, GIVE_UP_MS);

const idle = (run: () => void) => whenIdle(run, 1500, 50);

/** Runs `run` once the first content is up and the browser is idle. */
export function afterFirstContent(run: () => void): void {
  const go = () => void idle(run);
  if (shown.get()) return go();
  const stop = shown.subscribe(() => {
    stop();
    go();
  });
}

/**
 * True once the first content is up and the browser has had an idle moment since. The change is a transition:
 * set from an idle callback as a plain update, React rendered what it brings (the featured supermatch, the shell's
 * later parts, and the screen around them again) in one task, not in slices.
 */
export function useAfterFirstContent(): boolean {
  const first = shown.use();
  const [ready, setReady] = useState(false);
  useEffect(() => (first && !ready ? idle(() => startTransition(() => setReady(true))) : undefined), [first, ready]);
  return ready;
}
