import { readFileSync } from 'node:fs';

/** The q-quantile (0..1) of sorted values. */
export function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
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

/**
 * Waits until a process has used under `cores` of CPU over a whole `windowMs` (e.g. a server that has
 * written what a load left buffered), at most `maxMs`; resolves with the ms waited (null: never idle).
 */
export async function waitForIdle(
  pid: number,
  { cores = 0.05, windowMs = 1_000, maxMs = 30_000 } = {},
): Promise<number | null> {
  const startedAt = performance.now();
  const samples: { at: number; cpu: number }[] = [];
  while (performance.now() - startedAt < maxMs) {
    const cpu = processCpuMs(pid)?.total;
    if (cpu === undefined) throw new Error(`process ${pid} is gone`);
    const at = performance.now();
    samples.push({ at, cpu });
    // the newest sample at least a window old
    const from = samples.findLast((s) => at - s.at >= windowMs);
    if (from && (cpu - from.cpu) / (at - from.at) < cores) return at - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/** The machine's CPU time so far from /proc/stat's first line (ticks): all of it, and the part stolen by the hypervisor. */
function machineTicks(): { total: number; steal: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already in user and nice)
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { total: user + nice + system + idle + iowait + irq + softirq + steal, steal };
}

/**
 * Runs `run` and resolves with its result and the share of the machine's CPU time the hypervisor stole
 * meanwhile (0..1): a virtual machine's cores stop for it now and then, a stall no process on it causes.
 */
export async function measureSteal<T>(run: () => Promise<T>): Promise<[T, number]> {
  const before = machineTicks();
  const result = await run();
  const after = machineTicks();
  const total = after.total - before.total;
  return [result, total > 0 ? (after.steal - before.steal) / total : 0];
}
