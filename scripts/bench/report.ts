import os from 'node:os';
import type { DrawFigures } from './draw.ts';
import type { LighthouseFigures, LighthousePage, LighthouseRunFigures, LighthouseSetting } from './lighthouse.ts';
import { MIXED_LOAD_TARGETS, printMixedLoad, type MixedLoadFigures } from './load.ts';
import { printRatings, type RatingsFigures } from './ratings.ts';
import type { ScreenFigures } from './screen.ts';
import type { SizeFigures } from './size.ts';
import type { BenchState, RecomputeFigures } from './states.ts';
import type { LoadFigures } from './throughput.ts';
import { round } from './util.ts';
import type { WarmFigures } from './warm.ts';

/** The shape of bench/report.json (described in bench/README.md) and the console summary. */
export const TARGETS = {
  /** Leaderboard API requests/s at least this share of the static fallback.json's. */
  apiVsStaticMin: 0.8,
  /** Large-state screen time at most this multiple of the small state's. */
  largeVsSmallMax: 1.3,
  /**
   * Lighthouse (mobile) on each page, in every run of the page, at the default 4x and at the slow setting (the
   * slowdown that stands for benchmark index 1,500, this machine's slow moments): what a mid-range phone on a slow
   * network should get, with margin. The main thread / floor ratio is a figure to compare runs by, not a target.
   */
  lighthouseScoreMin: 0.95,
  clsMax: 0.02,
  tbtMsMax: 150,
  lcpMsMax: 2500,
  /** A warm start offline must not be slower than online: the rows come from the device either way. */
  warmOfflineVsOnlineMax: 1.0,
} as const;

export interface Check {
  name: string;
  /** null when the figure could not be measured (a page Lighthouse could not load): a fail. */
  value: number | null;
  target: string;
  pass: boolean;
}

interface Inputs {
  builtBy: string;
  chromiumVersion: string;
  config: Record<string, unknown>;
  states: Record<'large' | 'small', BenchState & { serverStartMs: number }>;
  recompute: RecomputeFigures;
  ratings: RatingsFigures;
  draw: DrawFigures;
  load: { api: LoadFigures; fallback: LoadFigures };
  screen: { small: ScreenFigures; large: ScreenFigures };
  size: SizeFigures;
  lighthouse: LighthouseFigures;
  warm: WarmFigures;
  mixedLoad: MixedLoadFigures;
  durationMs: number;
  /** 1-minute load average when the bench started: other work on the machine skews every timing. */
  loadAverageAtStart: number;
}

export type Report = ReturnType<typeof report>;

const atMost = (name: string, value: number | null, max: number): Check => ({
  name,
  value,
  target: `<= ${max}`,
  pass: value !== null && value <= max,
});
const atLeast = (name: string, value: number | null, min: number): Check => ({
  name,
  value,
  target: `>= ${min}`,
  pass: value !== null && value >= min,
});

/** The ratings' speed rules: the evaluation of 20,000 results, and the recompute after a change of constants. */
export function ratingsChecks(r: RatingsFigures): Check[] {
  return [
    atMost('ratings: evaluation of 20,000 results, five models (ms)', r.evaluation.totalMs, r.evaluation.targetMs),
    atMost(
      'ratings: recompute after a change of constants, large (ms)',
      r.modelChange.medianMs,
      r.modelChange.targetMs,
    ),
  ];
}

/** Every page at every setting, judged on its worst run (a run that did not load fails). */
export function lighthouseChecks(l: LighthouseFigures): Check[] {
  return l.settings.flatMap((s) =>
    s.pages.flatMap((p) => {
      const name = `lighthouse ${s.name} ${p.name}`;
      return [
        atLeast(`${name}: score, worst run`, p.worst.score, TARGETS.lighthouseScoreMin),
        atMost(`${name}: CLS, worst run`, p.worst.cls, TARGETS.clsMax),
        atMost(`${name}: TBT (ms), worst run`, p.worst.tbtMs, TARGETS.tbtMsMax),
        atMost(`${name}: LCP (ms), worst run`, p.worst.lcpMs, TARGETS.lcpMsMax),
      ];
    }),
  );
}

export function report(i: Inputs) {
  const throughputRatio = round(i.load.api.requestsPerSec / i.load.fallback.requestsPerSec, 3);
  const firstRowRatio = round(i.screen.large.firstRowMs / i.screen.small.firstRowMs, 3);
  const classChangeRatio = round(i.screen.large.classChangePaintMs / i.screen.small.classChangePaintMs, 3);
  const checks: Check[] = [
    {
      name: 'throughput: leaderboard API / static fallback.json (req/s)',
      value: throughputRatio,
      target: `>= ${TARGETS.apiVsStaticMin}`,
      pass: throughputRatio >= TARGETS.apiVsStaticMin,
    },
    {
      name: 'screen: first row, large / small',
      value: firstRowRatio,
      target: `<= ${TARGETS.largeVsSmallMax}`,
      pass: firstRowRatio <= TARGETS.largeVsSmallMax,
    },
    {
      name: 'screen: class change to painted, large / small',
      value: classChangeRatio,
      target: `<= ${TARGETS.largeVsSmallMax}`,
      pass: classChangeRatio <= TARGETS.largeVsSmallMax,
    },
  ];
  const sizeCheck = atMost(
    'size: first-screen JS gzipped (KB)',
    round(i.size.firstScreenJsGzipBytes / 1024),
    i.size.budgetBytes / 1024,
  );
  const precacheCheck = atMost(
    'size: first-visit precache gzipped (KB)',
    round(i.size.precache.gzipBytes / 1024),
    i.size.precache.budgetBytes / 1024,
  );
  const lighthouse = lighthouseChecks(i.lighthouse);
  const warmCheck = atMost('warm start: offline / online', i.warm.offlineVsOnline, TARGETS.warmOfflineVsOnlineMax);
  const m = i.mixedLoad;
  const mixedChecks = [
    atMost('mixed load: reads p99 (ms)', m.reads.latencyP99Ms, MIXED_LOAD_TARGETS.readP99MsMax),
    atMost(
      'mixed load: errors',
      m.routes.reduce((n, r) => n + r.errors, 0),
      MIXED_LOAD_TARGETS.errorsMax,
    ),
    {
      name: 'mixed load: accepted submissions stored once',
      value: m.submissions.storedOnce,
      target: `= ${m.submissions.accepted}`,
      pass: m.pass.storedOnce,
    },
  ];
  const drawCheck = atMost('tournament: draw + build + derive, 128 athletes (ms)', i.draw.medianMs, i.draw.targetMs);
  checks.push(
    drawCheck,
    ...ratingsChecks(i.ratings),
    sizeCheck,
    precacheCheck,
    ...lighthouse,
    warmCheck,
    ...mixedChecks,
  );
  const strip = ({ dataDir: _d, staticDir: _s, ...rest }: Inputs['states']['large']) => ({
    ...rest,
    serverStartMs: round(rest.serverStartMs),
  });
  return {
    version: 2,
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryMB: Math.round(os.totalmem() / 2 ** 20),
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      node: process.version,
      chromium: i.chromiumVersion,
      loadAverage1m: { atStart: round(i.loadAverageAtStart, 2), atEnd: round(os.loadavg()[0] ?? 0, 2) },
    },
    builtBy: i.builtBy,
    config: i.config,
    states: { large: strip(i.states.large), small: strip(i.states.small) },
    recompute: i.recompute,
    ratings: i.ratings,
    draw: { ...i.draw, pass: drawCheck.pass },
    throughput: {
      leaderboard: i.load.api,
      fallback: i.load.fallback,
      ratio: throughputRatio,
      target: TARGETS.apiVsStaticMin,
      pass: checks[0]!.pass,
    },
    screen: {
      small: i.screen.small,
      large: i.screen.large,
      ratios: {
        firstRow: firstRowRatio,
        classChange: classChangeRatio,
        /** Informational (no target): click to rows in the DOM, before the frame is painted. */
        classChangeDom: round(i.screen.large.classChangeDomMs / i.screen.small.classChangeDomMs, 3),
      },
      target: TARGETS.largeVsSmallMax,
      pass: { firstRow: checks[1]!.pass, classChange: checks[2]!.pass },
    },
    size: {
      ...i.size,
      firstScreenJsGzipKB: round(i.size.firstScreenJsGzipBytes / 1024),
      allJsGzipKB: round(i.size.allJsGzipBytes / 1024),
      pass: sizeCheck.pass,
      precache: {
        ...i.size.precache,
        rawKB: round(i.size.precache.rawBytes / 1024),
        gzipKB: round(i.size.precache.gzipBytes / 1024),
        pass: precacheCheck.pass,
      },
    },
    lighthouse: {
      ...i.lighthouse,
      targets: {
        scoreMin: TARGETS.lighthouseScoreMin,
        clsMax: TARGETS.clsMax,
        tbtMsMax: TARGETS.tbtMsMax,
        lcpMsMax: TARGETS.lcpMsMax,
        judgedOn: 'every run',
      },
      pass: lighthouse.every((c) => c.pass),
    },
    warm: { ...i.warm, target: TARGETS.warmOfflineVsOnlineMax, pass: warmCheck.pass },
    mixedLoad: { ...m, targets: MIXED_LOAD_TARGETS },
    checks,
    allPass: checks.every((c) => c.pass),
    durationMs: Math.round(i.durationMs),
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '))
    .join('\n');
}

const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const num = (v: number | null, digits = 0) => (v === null ? '-' : v.toFixed(digits));
const verdict = (pass: boolean) => (pass ? 'pass' : 'FAIL');

/** A run's figure with a '!' when it misses its target (cells of three runs: '0.97 0.93! 0.98'). */
function runsCell(
  runs: LighthouseRunFigures[],
  pick: (r: LighthouseRunFigures) => number | null,
  digits: number,
  misses?: (v: number) => boolean,
): string {
  return runs
    .map(pick)
    .map((v) => (v === null ? '-' : v.toFixed(digits) + (misses?.(v) ? '!' : '')))
    .join(' ');
}

/**
 * The Lighthouse table (the floor and the stack floor first), and what went wrong in any run. Every setting gets
 * its own columns side by side: each run's score, LCP and TBT (a '!' marks a miss), the worst CLS and the
 * main thread divided by the floor's (a figure to compare runs by). With one setting, the median run's other
 * figures too; '/ stack' divides by the stack floor instead, which leaves out what the owner's packages cost.
 */
export function printLighthouse(lh: LighthouseFigures): void {
  const kbOrDash = (b: number | null) => (b === null ? '-' : kb(b));
  console.log(
    `Lighthouse ${lh.lighthouseVersion}, ${lh.preset}, ${lh.runsPerPage} runs a page; benchmark index ` +
      `${lh.benchmarkIndex ?? '-'} (median of every load); after ${lh.quietCpu.waitedS} s waiting for a quiet CPU ` +
      `(${Math.round(lh.quietCpu.busy * 100)}% busy); load average ${lh.loadAverage1m.atStart} at start, ` +
      `${lh.loadAverage1m.atEnd} at end (${(lh.durationMs / 1000).toFixed(0)} s); browsers at ` +
      (lh.browserPriority === null ? 'normal priority' : `nice ${lh.browserPriority}`),
  );
  if (lh.slow)
    console.log(
      lh.slow.fixedMultiplier
        ? `Slow setting: ${lh.slow.fixedMultiplier}x CPU slowdown, as given`
        : `Slow setting: each load also audited at 4 x its own benchmark index / ${lh.slow.standsForIndex}, ` +
            `standing for a machine of index ${lh.slow.standsForIndex}`,
    );
  for (const s of lh.settings) {
    const range = s.cpuSlowdownMultiplierRange;
    console.log(
      `  ${s.name} (${s.build}): CPU slowdown ${s.cpuSlowdownMultiplier ?? '-'}x` +
        (range && range[0] !== range[1] ? ` (median; ${range[0]} to ${range[1]})` : '') +
        `, benchmark index ${s.benchmarkIndex ?? '-'} (median), standing for index ${s.standsForIndex ?? '-'}`,
    );
  }
  const first = lh.settings[0];
  if (!first) return;
  const floorsOf = (s: LighthouseSetting) => [s.floor, s.stackFloor].filter((p): p is LighthousePage => p !== null);
  const names = [...floorsOf(first), ...first.pages].map((p) => p.name);
  const row = (s: LighthouseSetting, name: string) => [...floorsOf(s), ...s.pages].find((p) => p.name === name);
  const one = lh.settings.length === 1;
  const head = ['page'];
  for (const s of lh.settings) {
    const tag = one ? '' : ` ${s.name}`;
    head.push(`score${tag}`, `LCP ms${tag}`, `TBT ms${tag}`, `CLS${tag}`, `/ floor${tag}`);
  }
  if (one) head.push('FCP ms', 'SI ms', 'main ms', '/ stack', 'JS', 'all bytes');
  const rows = names.map((name) => {
    const cells = [name];
    for (const s of lh.settings) {
      const p = row(s, name);
      const floor = p === s.floor || p === s.stackFloor;
      const runs = p?.runs ?? [];
      cells.push(
        runsCell(runs, (r) => r.score, 2, floor ? undefined : (v) => v < TARGETS.lighthouseScoreMin),
        runsCell(runs, (r) => r.lcpMs, 0, floor ? undefined : (v) => v > TARGETS.lcpMsMax),
        runsCell(runs, (r) => r.tbtMs, 0, floor ? undefined : (v) => v > TARGETS.tbtMsMax),
        num(p?.worst.cls ?? null, 3),
        p === s.floor ? '1' : num(p?.mainThreadVsFloor ?? null, 2),
      );
    }
    if (one) {
      const p = row(first, name)!;
      const stackMs = first.stackFloor?.mainThreadMs ?? null;
      cells.push(
        num(p.fcpMs),
        num(p.speedIndexMs),
        num(p.mainThreadMs),
        floorsOf(first).includes(p) || stackMs === null || p.mainThreadMs === null
          ? '-'
          : (p.mainThreadMs / stackMs).toFixed(2),
        kbOrDash(p.jsTransferBytes),
        kbOrDash(p.totalTransferBytes),
      );
    }
    return cells;
  });
  console.log(table([head, ...rows]));
  for (const s of lh.settings)
    for (const p of [...floorsOf(s), ...s.pages]) for (const e of p.errors) console.log(`  ${s.name} ${p.name}: ${e}`);
}

/** The targets' table. */
export function printChecks(checks: Check[]): void {
  console.log(
    table([
      ['target', 'value', 'target', ''],
      ...checks.map((c) => [c.name, String(c.value), c.target, verdict(c.pass)]),
    ]),
  );
}

export function printSummary(r: Report): void {
  const { large, small } = r.states;
  const t = r.throughput;
  const s = r.screen;
  const load = r.machine.loadAverage1m;
  console.log(
    `\nBench on ${r.machine.cpus} x ${r.machine.cpuModel}, Node ${r.machine.node}, Chromium ${r.machine.chromium}` +
      ` (load average ${load.atStart} at start, ${load.atEnd} at end)\n`,
  );
  console.log(
    table([
      ['state', 'athletes', 'placements', 'supermatches', 'seed', 'fallback.json'],
      ...[large, small].map((st, k) => [
        k === 0 ? 'large' : 'small',
        String(st.counts.athletes),
        String(st.counts.placements),
        String(st.counts.supermatches),
        `${(st.seedMs / 1000).toFixed(2)} s`,
        kb(st.fallbackBytes),
      ]),
    ]),
  );
  console.log(
    `\nFull rating recompute (large): ${r.recompute.medianMs} ms median of [${r.recompute.runsMs.join(', ')}] ` +
      `(${r.recompute.units} units: ${r.recompute.placements} placements, ${r.recompute.supermatches} supermatches)`,
  );
  printRatings(r.ratings);
  const d = r.draw;
  console.log(
    `Tournament category of ${d.athletes}: draw + build + derive ${d.medianMs} ms median of ${d.runs} ` +
      `(draw ${d.drawMs}, build ${d.buildMs}, derive ${d.deriveMs}; cold first run ${d.coldMs} ms); ` +
      `one result applied and derived again ${d.tap.medianMs} ms median, ${d.tap.maxMs} ms at most\n`,
  );
  console.log(
    table([
      ['throughput (large, gzip)', 'req/s', 'p50 ms', 'p99 ms', 'MB/s', 'body', 'non-2xx'],
      ...(
        [
          ['GET /api/v1/leaderboard', t.leaderboard],
          ['GET /fallback.json', t.fallback],
        ] as const
      ).map(([name, f]) => [
        name,
        f.requestsPerSec.toFixed(0),
        f.latencyP50Ms.toFixed(1),
        f.latencyP99Ms.toFixed(1),
        (f.bytesPerSec / 2 ** 20).toFixed(1),
        kb(f.responseBytes),
        String(f.non2xx),
      ]),
    ]),
  );
  console.log('');
  console.log(
    table([
      ['screen (median ms)', 'small', 'large', 'large/small'],
      [
        'first Men row in DOM',
        s.small.firstRowMs.toFixed(0),
        s.large.firstRowMs.toFixed(0),
        s.ratios.firstRow.toFixed(2),
      ],
      [
        '  (leaderboard API answered)',
        s.small.apiResponseEndMs?.toFixed(0) ?? '-',
        s.large.apiResponseEndMs?.toFixed(0) ?? '-',
        '',
      ],
      [
        "click '198' -> rows in DOM",
        s.small.classChangeDomMs.toFixed(1),
        s.large.classChangeDomMs.toFixed(1),
        s.ratios.classChangeDom.toFixed(2),
      ],
      [
        "click '198' -> painted",
        s.small.classChangePaintMs.toFixed(1),
        s.large.classChangePaintMs.toFixed(1),
        s.ratios.classChange.toFixed(2),
      ],
    ]),
  );
  console.log(
    `\nJavaScript gzipped: first screen ${r.size.firstScreenJsGzipKB} KB (budget ${r.size.budgetBytes / 1024} KB), ` +
      `all ${r.size.allJsFiles} files ${r.size.allJsGzipKB} KB`,
  );
  const pc = r.size.precache;
  console.log(
    `First-visit precache: ${pc.files} files, ${pc.rawKB} KB raw, ${pc.gzipKB} KB gzipped (budget ${pc.budgetBytes / 1024} KB)\n`,
  );
  printLighthouse(r.lighthouse);
  const w = r.warm;
  console.log('');
  console.log(
    table([
      ['warm start (median ms to first Men row)', 'ms'],
      ['first visit (cold, for reference)', num(w.firstVisitMs)],
      ['second visit, online', num(w.onlineMs)],
      ['second visit, offline', num(w.offlineMs)],
      ['offline / online', num(w.offlineVsOnline, 2)],
      ['online rows before the API answer (runs)', `${w.rowsBeforeNetworkRuns} of ${w.runs.length}`],
    ]),
  );
  for (const e of w.errors) console.log(`  warm start ${e}`);
  printMixedLoad(r.mixedLoad);
  console.log('');
  printChecks(r.checks);
}
