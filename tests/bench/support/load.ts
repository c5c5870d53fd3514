import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { BROWSER_UA, visitorIp } from './fixtures';

export interface LoadOptions {
  url: string;
  connections: number;
  /** seconds; ignored when `amount` is given */
  durationS?: number;
  /** exactly this many requests, every one answered before the run ends */
  amount?: number;
  /** requests per second over all connections */
  overallRate?: number;
}

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  sent: number;
  /** 2xx and 3xx responses */
  ok: number;
  /** responses of any other status */
  bad: number;
  errors: number;
  /** requests still unanswered when a duration run stopped (their clicks may still be stored) */
  unanswered: number;
  durationS: number;
}

/** The q-quantile (0..1) of sorted values. */
export function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

interface Timing {
  sentAt?: number;
}

/**
 * GET `url` with a browser user agent and a few hundred visitor addresses (X-Forwarded-For), as a
 * tracking link sees. Latencies are timed here, per request, from just before it is written to its
 * complete response, in fractions of a millisecond (autocannon's own histogram has 1 ms steps and
 * applies a coordinated-omission correction that assumes ms where its rate is per second).
 */
export async function drive(options: LoadOptions): Promise<LoadResult> {
  let n = 0;
  const latencies: number[] = [];
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS ?? 10,
    amount: options.amount,
    overallRate: options.overallRate,
    ignoreCoordinatedOmission: options.overallRate !== undefined,
    timeout: 30,
    headers: { 'user-agent': BROWSER_UA, accept: 'text/html' },
    requests: [
      {
        // called right before each request is written (the context is fresh for every request)
        setupRequest: (request, context) => {
          (context as Timing).sentAt = performance.now();
          return { ...request, headers: { ...request.headers, 'x-forwarded-for': visitorIp(n++ % 997) } };
        },
        onResponse: (_status, _body, context) => {
          const { sentAt } = context as Timing;
          if (sentAt !== undefined) latencies.push(performance.now() - sentAt);
        },
      },
    ],
  });
  const sorted = Float64Array.from(latencies).sort();
  const ok = result['2xx'] + result['3xx'];
  const answered = ok + result['1xx'] + result['4xx'] + result['5xx'];
  return {
    reqPerSec: answered / result.duration,
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    max: quantile(sorted, 1),
    sent: result.requests.sent,
    ok,
    bad: answered - ok,
    errors: result.errors,
    unanswered: Math.max(0, result.requests.sent - answered - result.errors),
    durationS: result.duration,
  };
}

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const fmtMs = (n: number) => `${n.toFixed(2)} ms`;

/** A fixed-width table for the terminal. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length)));
  return rows
    .map((r) =>
      r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('   '),
    )
    .join('\n');
}

export const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on every Linux build). */
export const CLOCK_TICKS_PER_S = 100;

/**
 * The fields of a /proc/<pid>/stat (or task stat) file after "(comm)": index 0 is field 3 (state), so
 * field n of proc(5) is at n - 3 (ppid 4 → 1, utime 14 → 11, cutime 16 → 13). Throws when the process is gone.
 */
export function procStatFields(file: string): string[] {
  const stat = readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU time (user + system, all threads) of a process so far, in ms, and of its main thread; null when gone. */
export function processCpuMs(pid: number): { total: number; main: number } | null {
  const ticks = (file: string) => {
    const fields = procStatFields(file); // utime, stime
    return Number(fields[11]) + Number(fields[12]);
  };
  try {
    const toMs = (t: number) => (t * 1000) / CLOCK_TICKS_PER_S;
    return { total: toMs(ticks(`/proc/${pid}/stat`)), main: toMs(ticks(`/proc/${pid}/task/${pid}/stat`)) };
  } catch {
    return null;
  }
}

/** Resident memory of a process (VmRSS) in MB, null when it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export interface ProcessUsage {
  /** CPU ms over the sampled time (all threads), and of the main thread (the HTTP thread of Node) */
  cpuMs: number;
  mainCpuMs: number;
  wallMs: number;
  /** CPU ms per wall ms: 1 = one core busy all the time */
  cores: number;
  /** highest VmRSS seen (sampled every 100 ms) */
  peakRssMb: number;
}

/** Samples a process's CPU time and resident memory from /proc while `run` runs. */
export async function measureProcess<T>(pid: number, run: () => Promise<T>): Promise<[T, ProcessUsage]> {
  const start = processCpuMs(pid);
  const startedAt = performance.now();
  let peak = rssMb(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid) ?? 0);
  }, 100);
  try {
    const result = await run();
    const end = processCpuMs(pid);
    const wallMs = performance.now() - startedAt;
    peak = Math.max(peak, rssMb(pid) ?? 0);
    if (!start || !end) throw new Error(`process ${pid} is gone: no CPU figures`);
    const cpuMs = end.total - start.total;
    return [
      result,
      { cpuMs, mainCpuMs: end.main - start.main, wallMs, cores: cpuMs / wallMs, peakRssMb: peak },
    ];
  } finally {
    clearInterval(timer);
  }
}
