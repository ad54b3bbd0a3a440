import { spawn } from 'node:child_process';
import os from 'node:os';

/** Small helpers shared by the bench steps. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (nearest rank) of values sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Rounds to `digits` decimals (report figures, not arithmetic). */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function ms(started: number): number {
  return performance.now() - started;
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The share of this machine's CPU time spent busy over the next `windowMs`, from 0 to 1. */
async function cpuBusy(windowMs: number): Promise<number> {
  const totals = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const t = cpu.times;
        sum.all += t.user + t.nice + t.sys + t.idle + t.irq;
        sum.idle += t.idle;
        return sum;
      },
      { all: 0, idle: 0 },
    );
  const before = totals();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const after = totals();
  const all = after.all - before.all;
  return all > 0 ? 1 - (after.idle - before.idle) / all : 0;
}

/**
 * Waits until the CPU has been mostly idle (under 20% busy) for `seconds` seconds in a row, or `maxMs` passed.
 * What came before (a browser closing, a server seeding, a load run) still runs for a while on a 2-core
 * machine, and Lighthouse multiplies what it measures on the main thread by four. Resolves with the seconds
 * waited and the busy share of the last second.
 */
export async function waitForQuietCpu(seconds: number, maxMs: number): Promise<{ waitedS: number; busy: number }> {
  const began = performance.now();
  let quietSeconds = 0;
  let busy = 1;
  while (quietSeconds < seconds && performance.now() - began < maxMs) {
    busy = await cpuBusy(1000);
    quietSeconds = busy < 0.2 ? quietSeconds + 1 : 0;
  }
  return { waitedS: round((performance.now() - began) / 1000), busy: round(busy, 2) };
}
