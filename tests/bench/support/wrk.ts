// Drives HTTP load with wrk (C, its own process: the generator does not share the bench's event loop or
// JavaScript): runWrk and runWrkAtRate with wrk-clicks.lua (a browser user agent, rotating visitor
// addresses); spawnWrk for any other script (postback-load.ts).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { processCpuMs } from './load';

const SCRIPT = path.join(import.meta.dirname, 'wrk-clicks.lua');

/** Whether `wrk` runs here; the bench says how to install it otherwise. */
export function wrkVersion(): string | null {
  const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  if (probe.error) return null;
  // `wrk -v` prints its version line and exits 1 (it wants a URL)
  return /wrk [^\s]+/.exec(`${probe.stdout}${probe.stderr}`)?.[0] ?? 'wrk';
}

/** wrk's version, or null after saying how to install it (and setting a failing exit code). */
export function requireWrk(bench: string): string | null {
  const version = wrkVersion();
  if (!version) {
    console.error(`The ${bench} bench drives load with wrk, which is not installed: apt-get install -y wrk`);
    process.exitCode = 1;
  }
  return version;
}

export interface WrkOptions {
  url: string;
  connections: number;
  durationS: number;
  /** wrk threads (default 1: on two cores the server needs the other) */
  threads?: number;
  /** distinct visitor addresses the script rotates through */
  addresses?: number;
}

export interface WrkControl {
  stop: () => void;
  cpuMs: () => number | null;
}

export interface WrkResult {
  /** complete responses of any status */
  requests: number;
  reqPerSec: number;
  durationS: number;
  /** responses that were not 2xx/3xx */
  badStatus: number;
  /** connect, read, write errors and timeouts */
  errors: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** CPU time wrk itself used, ms (sampled from /proc until just before it exited) */
  generatorCpuMs: number;
}

interface WrkJson {
  requests: number;
  duration_us: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50_us: number;
  p90_us: number;
  p99_us: number;
  max_us: number;
}

/** wrk's arguments for wrk-clicks.lua against `url`; `paced` = [requests per second, requests]. */
function clicksArgs(
  options: { url: string; connections: number; threads?: number; addresses?: number },
  durationS: number,
  paced: number[] = [],
): string[] {
  return [
    `-t${options.threads ?? 1}`,
    `-c${options.connections}`,
    `-d${durationS}s`,
    '--timeout',
    '10s',
    '-s',
    SCRIPT,
    options.url,
    '--',
    String(options.addresses ?? 1021),
    ...paced.map(String),
  ];
}

/** Runs wrk once against `url` (its path is the one requested); resolves with its summary. */
export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  return spawnWrk(clicksArgs(options, options.durationS));
}

export interface PacedWrkOptions {
  url: string;
  connections: number;
  /** requests per second */
  rate: number;
  /** requests sent in all; the run ends once every one is answered */
  amount: number;
  addresses?: number;
}

export interface PacedWrkResult extends WrkResult {
  /** 2xx/3xx answers */
  ok: number;
  /** requests that went out more than 1 ms after their due time (every connection was busy) … */
  late: number;
  /** … and the most one of them was late, ms */
  maxLateMs: number;
}

/** What a paced script's WRK_DONE line says of the requests that went out late (wrk-pacing.lua's summary). */
export function lateness(line: string): { late: number; maxLateMs: number } {
  return {
    late: Number(/late=(\d+)/.exec(line)?.[1] ?? 0),
    maxLateMs: Number(/max_late_ms=([\d.]+)/.exec(line)?.[1] ?? 0),
  };
}

/**
 * Sends exactly `amount` requests at `rate` per second, paced by wrk-pacing.lua (not in bursts), and
 * resolves once every one is answered. req/s is counted from the first send to the last answer.
 */
export async function runWrkAtRate(options: PacedWrkOptions): Promise<PacedWrkResult> {
  let startedAt = 0;
  let endedAt = 0;
  let ok = 0;
  let late = 0;
  let maxLateMs = 0;
  const summary = await spawnWrk(
    // the duration is a bound, not the length: wrk is stopped once every request is answered
    clicksArgs(options, Math.ceil(options.amount / options.rate) + 60, [options.rate, options.amount]),
    (line, { stop }) => {
      if (line === 'WRK_READY') startedAt = performance.now();
      if (line.startsWith('WRK_DONE')) {
        endedAt = performance.now();
        ok = Number(/ok=(\d+)/.exec(line)?.[1] ?? 0);
        ({ late, maxLateMs } = lateness(line));
        stop();
      }
    },
  );
  const durationS = endedAt > 0 ? (endedAt - startedAt) / 1000 : summary.durationS;
  return { ...summary, durationS, reqPerSec: summary.requests / durationS, ok, late, maxLateMs };
}

/**
 * Runs `wrk <args>` (its script's done() must be wrk-summary.lua's) and resolves with the summary.
 * `onLine` sees each line wrk prints, with `stop` (SIGINT: wrk then prints its summary, timed to that
 * moment) and `cpuMs` (wrk's CPU time so far, ms).
 */
export async function spawnWrk(
  args: string[],
  onLine?: (line: string, control: WrkControl) => void,
): Promise<WrkResult> {
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let partial = '';
  const control: WrkControl = {
    stop: () => child.kill('SIGINT'),
    cpuMs: () => (child.pid === undefined ? null : (processCpuMs(child.pid)?.total ?? null)),
  };
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    out += text;
    if (!onLine) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    for (const line of lines) onLine(line, control);
  });
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  // wrk's CPU: the last sample before it exits (a finished child's /proc entry is gone)
  let generatorCpuMs = 0;
  const timer = setInterval(() => (generatorCpuMs = control.cpuMs() ?? generatorCpuMs), 50);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  }).finally(() => clearInterval(timer));
  const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (code !== 0 || !line) throw new Error(`wrk ${args.join(' ')} failed (exit ${code}):\n${out}`);
  const r = JSON.parse(line.slice('WRK_JSON '.length)) as WrkJson;
  const durationS = r.duration_us / 1e6;
  return {
    requests: r.requests,
    reqPerSec: r.requests / durationS,
    durationS,
    badStatus: r.status,
    errors: r.connect + r.read + r.write + r.timeout,
    p50: r.p50_us / 1000,
    p90: r.p90_us / 1000,
    p99: r.p99_us / 1000,
    max: r.max_us / 1000,
    generatorCpuMs,
  };
}
