import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../tests/support/chromium.ts';
import { median, round } from './util.ts';

/**
 * Leaderboards screen timings in headless Chromium, measured inside the page
 * with performance.now() (0 = navigation start), never from Node:
 *  - first row: navigation start -> the Men board's first `tbody tr` is in the
 *    DOM with text (a MutationObserver installed before any page script runs);
 *  - class change: click on the Men board's '198 lbs' chip -> the sticky label
 *    reads '198 lbs + lower' and the rows changed -> the next frame painted.
 */
interface Probe {
  menBoard: () => HTMLElement | null;
  rowsText: (board: HTMLElement) => string;
  firstRowAt?: number;
  firstRowPaintedAt?: number;
}
export type ProbeWindow = Window & { __bench: Probe };

export interface ScreenRun {
  firstRowMs: number;
  firstRowPaintedMs: number | null;
  /** When the Men leaderboard's API response had arrived (resource timing). */
  apiResponseEndMs: number | null;
  classChangeDomMs: number;
  classChangePaintMs: number;
  rowsChanged: boolean;
}

export interface ScreenFigures {
  runs: ScreenRun[];
  firstRowMs: number;
  firstRowPaintedMs: number | null;
  apiResponseEndMs: number | null;
  classChangeDomMs: number;
  classChangePaintMs: number;
}

/** Runs in the page before its own scripts (addInitScript): everything it uses is defined inside. */
export function installProbe() {
  const w = window as unknown as ProbeWindow;
  const menBoard = (): HTMLElement | null => {
    for (const s of Array.from(document.querySelectorAll('section'))) {
      const id = s.getAttribute('aria-labelledby');
      const name = (id ? document.getElementById(id)?.textContent : s.getAttribute('aria-label')) ?? '';
      if (name.trim() === 'Men') return s;
    }
    return null;
  };
  const rowsText = (board: HTMLElement) =>
    Array.from(board.querySelectorAll('tbody tr'))
      .map((r) => r.textContent ?? '')
      .join('\n');
  const probe: Probe = { menBoard, rowsText };
  w.__bench = probe;
  const afterPaint = (then: () => void) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = then;
      ch.port2.postMessage(null);
    });
  const observer = new MutationObserver(() => {
    const first = menBoard()?.querySelector('tbody tr');
    if (!first || (first.textContent ?? '').trim() === '') return;
    probe.firstRowAt = performance.now();
    observer.disconnect();
    afterPaint(() => (probe.firstRowPaintedAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Runs in the page: clicks a class chip of the Men board and times the re-render. */
async function classChange({ chipText, label }: { chipText: string; label: string }) {
  const probe = (window as unknown as ProbeWindow).__bench;
  const board = probe.menBoard();
  if (!board) throw new Error('No Men board');
  const chip = Array.from(board.querySelectorAll('button')).find((b) => (b.textContent ?? '').trim() === chipText);
  if (!chip) throw new Error(`No '${chipText}' chip on the Men board`);
  const labelText = () => (board.querySelector('.sticky-label, [aria-live]')?.textContent ?? '').trim();
  const before = probe.rowsText(board);

  const started = performance.now();
  const dom = await new Promise<{ at: number; rowsChanged: boolean }>((resolve, reject) => {
    let labelAt: number | undefined;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const finish = (v: { at: number; rowsChanged: boolean }) => {
      observer.disconnect();
      clearTimeout(timeout);
      clearTimeout(grace);
      resolve(v);
    };
    const check = () => {
      if (labelText() !== label) return;
      const now = performance.now();
      if (probe.rowsText(board) !== before) return finish({ at: now, rowsChanged: true });
      // The label changed but the top rows are the same people: count the label, after a grace period.
      if (labelAt === undefined) {
        labelAt = now;
        grace = setTimeout(() => finish({ at: labelAt!, rowsChanged: false }), 1000);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(board, { childList: true, subtree: true, characterData: true });
    const timeout = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`After 10 s the label reads '${labelText()}', not '${label}'`));
    }, 10_000);
    chip.click();
    check();
  });
  await new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve();
      ch.port2.postMessage(null);
    }),
  );
  const painted = performance.now();
  return { domMs: dom.at - started, paintMs: painted - started, rowsChanged: dom.rowsChanged };
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROME_PATH or apt-get install chromium)');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/** One visit in a fresh context (no cache, no storage, no service worker). */
export async function screenRun(browser: Browser, baseUrl: string): Promise<ScreenRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  try {
    // tsx compiles this file with keepNames: the functions sent to the page call __name().
    await context.addInitScript('globalThis.__name ??= (fn) => fn;');
    await context.addInitScript(installProbe);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/leaderboards`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as ProbeWindow).__bench?.firstRowPaintedAt !== undefined,
      null,
      {
        timeout: 30_000,
      },
    );
    const first = await page.evaluate(() => {
      const p = (window as unknown as ProbeWindow).__bench;
      const api = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/api/v1/leaderboard') && e.name.includes('sex=M')) as
        PerformanceResourceTiming | undefined;
      return {
        firstRowMs: p.firstRowAt!,
        firstRowPaintedMs: p.firstRowPaintedAt ?? null,
        apiResponseEndMs: api?.responseEnd ?? null,
      };
    });
    // Let the rest of the first load (the Women board, late requests) settle before the interaction.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(200);
    const change = await page.evaluate(classChange, { chipText: '198 lbs', label: '198 lbs + lower' });
    return {
      ...first,
      classChangeDomMs: change.domMs,
      classChangePaintMs: change.paintMs,
      rowsChanged: change.rowsChanged,
    };
  } finally {
    await context.close();
  }
}

export function summarize(runs: ScreenRun[]): ScreenFigures {
  const mid = (pick: (r: ScreenRun) => number | null) => {
    const vals = runs.map(pick).filter((v): v is number => v !== null);
    return vals.length ? round(median(vals)) : null;
  };
  return {
    runs: runs.map((r) => ({
      ...r,
      firstRowMs: round(r.firstRowMs),
      firstRowPaintedMs: r.firstRowPaintedMs === null ? null : round(r.firstRowPaintedMs),
      apiResponseEndMs: r.apiResponseEndMs === null ? null : round(r.apiResponseEndMs),
      classChangeDomMs: round(r.classChangeDomMs),
      classChangePaintMs: round(r.classChangePaintMs),
    })),
    firstRowMs: mid((r) => r.firstRowMs)!,
    firstRowPaintedMs: mid((r) => r.firstRowPaintedMs),
    apiResponseEndMs: mid((r) => r.apiResponseEndMs),
    classChangeDomMs: mid((r) => r.classChangeDomMs)!,
    classChangePaintMs: mid((r) => r.classChangePaintMs)!,
  };
}
