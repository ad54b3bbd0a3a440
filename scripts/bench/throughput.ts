import http from 'node:http';
import autocannon from 'autocannon';
import { round } from './util.ts';

/**
 * HTTP throughput of the leaderboard API against the static fallback.json
 * (the same data, precompressed in memory): 10 connections, a discarded
 * warm-up, then the measured run, both asking for gzip.
 */
export interface LoadFigures {
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  bytesPerSec: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  totalRequests: number;
  /** One response as sent: its body size on the wire and its encoding. */
  responseBytes: number;
  contentEncoding: string | null;
}

const CONNECTIONS = 10;
const GZIP = { 'accept-encoding': 'gzip' };

function probe(url: string): Promise<{ bytes: number; encoding: string | null; status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: GZIP }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () =>
          resolve({ bytes, encoding: res.headers['content-encoding'] ?? null, status: res.statusCode ?? 0 }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function load(opts: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ connections: CONNECTIONS, headers: GZIP, ...opts });
}

async function measure(
  base: string,
  path: string,
  extra: Partial<autocannon.Options>,
  seconds: number,
  warmupSeconds: number,
) {
  await load({ url: base + path, duration: warmupSeconds, ...extra });
  const r = await load({ url: base + path, duration: seconds, ...extra });
  const one = await probe(base + path);
  if (one.status !== 200) throw new Error(`GET ${path} answered ${one.status}`);
  return {
    requestsPerSec: round(r.requests.mean),
    latencyP50Ms: round(r.latency.p50, 2),
    latencyP99Ms: round(r.latency.p99, 2),
    bytesPerSec: Math.round(r.throughput.mean),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    totalRequests: r.requests.total,
    responseBytes: one.bytes,
    contentEncoding: one.encoding,
  } satisfies LoadFigures;
}

/** (a) GET /api/v1/leaderboard, sex=M and sex=F in turn, each with a fresh `t=` cache-buster. */
export function leaderboardLoad(base: string, seconds = 8, warmupSeconds = 2): Promise<LoadFigures> {
  let n = 0;
  const withBuster = (sex: 'M' | 'F'): autocannon.Request => ({
    method: 'GET',
    setupRequest: (req) => ({ ...req, path: `/api/v1/leaderboard?sex=${sex}&t=${++n}` }),
  });
  return measure(
    base,
    '/api/v1/leaderboard?sex=M',
    { requests: [withBuster('M'), withBuster('F')] },
    seconds,
    warmupSeconds,
  );
}

/** (b) GET /fallback.json from the in-memory static files. */
export function fallbackLoad(base: string, seconds = 8, warmupSeconds = 2): Promise<LoadFigures> {
  return measure(base, '/fallback.json', {}, seconds, warmupSeconds);
}
