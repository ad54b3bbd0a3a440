import { useEffect, useState } from 'react';
import { createSignal } from './signal.ts';
import { whenIdle } from './when-idle.ts';

/**
 * "The screen's first content is up": the leaderboards mark it when their
 * first rows (or the failure line) are on screen, other screens when their
 * route has resolved. Work that is not needed for that first content — the
 * featured supermatch, the home screen's forms, the outbox's start — waits for
 * it and then for an idle moment, so a phone spends its first seconds on what
 * the visitor came for. A timer marks it anyway, so nothing waits forever.
 */
const shown = createSignal(false);
const GIVE_UP_MS = 8000;

export function markFirstContent(): void {
  shown.set(true);
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

/** True once the first content is up and the browser has had an idle moment since. */
export function useAfterFirstContent(): boolean {
  const first = shown.use();
  const [ready, setReady] = useState(false);
  useEffect(() => (first && !ready ? idle(() => setReady(true)) : undefined), [first, ready]);
  return ready;
}
