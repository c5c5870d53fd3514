// The conversions bench's load generator: wrk (C, its own process) POSTing one JSON postback per request,
// with support/wrk-postbacks.lua: one thread per connection, each sending its share of the sequence in
// order and writing every answer down, so that the bench can check each one. `firePostbacks` writes the
// sequence to a file, runs wrk, stops it once every postback is answered, and reads the answers back.
// (It was autocannon in a child process, whose JavaScript per request cost ~0.4 ms of CPU per postback on
// the same two cores as the server: about a fifth of the whole chain.)
import { mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLOCK_TICKS_PER_S, procStatFields, processCpuMs } from './load';
import { spawnWrk } from './wrk';

const SCRIPT = path.join(import.meta.dirname, 'wrk-postbacks.lua');

export interface Postback {
  click_id: string;
  order_id: string;
  amount: string;
  currency: string;
  event: 'sale';
  secret: string;
}

export interface Answer {
  postback: Postback;
  status: number;
  conversionId: string | null;
  duplicate: boolean | null;
}

export interface FireResult {
  answers: Answer[];
  /** from the first thread ready to the last postback answered */
  durationS: number;
  /** connect, read, write errors and timeouts */
  errors: number;
  /** latency of every request (wrk's histogram), ms */
  p50: number;
  p99: number;
  /** CPU time of the generator process (all threads), ms */
  generatorCpuMs: number;
}

/**
 * Sends the sequence (each postback once, on `connections` connections: connection k sends postbacks k,
 * k + connections, …, in order) and resolves with every answer.
 */
export async function firePostbacks(
  baseUrl: string,
  sequence: Postback[],
  connections: number,
): Promise<FireResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'affilio-postbacks-'));
  try {
    const input = path.join(dir, 'in.jsonl');
    const prefix = path.join(dir, 'out-');
    writeFileSync(input, sequence.map((p) => JSON.stringify(p)).join('\n') + '\n');
    const threads = Math.max(1, Math.min(connections, sequence.length));
    let ready = 0;
    let done = 0;
    let startedAt = 0;
    let endedAt = 0;
    // wrk's CPU from the last thread ready to the last answer (not its start-up: each thread reads the file)
    let cpuAtStart: number | null = null;
    let cpuAtEnd: number | null = null;
    const summary = await spawnWrk(
      [
        `-t${threads}`,
        `-c${threads}`,
        // a bound, not the length: wrk is stopped once every postback is answered
        '-d600s',
        '--timeout',
        '30s',
        '-s',
        SCRIPT,
        `${baseUrl}/api/postback`,
        '--',
        input,
        prefix,
        String(threads),
      ],
      (line, { stop, cpuMs }) => {
        if (line === 'WRK_READY') {
          if (++ready === 1) startedAt = performance.now();
          if (ready === threads) cpuAtStart = cpuMs();
        }
        if (line === 'WRK_DONE' && ++done === threads) {
          endedAt = performance.now();
          cpuAtEnd = cpuMs();
          stop();
        }
      },
    );
    const answers: Answer[] = [];
    for (const file of readdirSync(dir).filter((name) => name.startsWith('out-'))) {
      for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        if (!line) continue;
        const [index, status] = line.split(' ', 2);
        const body = line.slice(index!.length + status!.length + 2);
        let parsed: { conversion_id?: string; duplicate?: boolean } = {};
        try {
          parsed = JSON.parse(body) as typeof parsed;
        } catch {
          // not JSON: counted as an error by its status
        }
        answers.push({
          postback: sequence[Number(index)]!,
          status: Number(status),
          conversionId: parsed.conversion_id ?? null,
          duplicate: parsed.duplicate ?? null,
        });
      }
    }
    return {
      answers,
      // wrk's own duration (to the SIGINT) when it ran out its bound without every answer
      durationS: endedAt > 0 ? (endedAt - startedAt) / 1000 : summary.durationS,
      errors: summary.errors,
      p50: summary.p50,
      p99: summary.p99,
      generatorCpuMs:
        cpuAtStart !== null && cpuAtEnd !== null ? cpuAtEnd - cpuAtStart : summary.generatorCpuMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** the postmaster of the cluster serving each bench database, once a backend of it was seen */
const postmasters = new Map<string, number>();

/** CPU ms of the children a process has reaped (cutime + cstime), null when it is gone. */
function reapedChildrenCpuMs(pid: number): number | null {
  try {
    const fields = procStatFields(`/proc/${pid}/stat`); // cutime, cstime
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}

/**
 * CPU time so far (ms) of the PostgreSQL backends serving `database` on this machine, by process title
 * ("postgres: user database 127.0.0.1(port) idle"): what the server's queries cost PostgreSQL. Backends that
 * have exited meanwhile (the pool closes idle connections) count too, through what their postmaster reaped
 * (so that a difference of two readings neither loses nor subtracts them); that also holds the few other
 * processes of the cluster that ended (a throwaway cluster serves only the bench). Background processes that
 * still run (WAL writer, checkpointer) are not counted; null when no backend was ever found.
 */
export function databaseBackendsCpuMs(database: string): number | null {
  let total = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres: ') || !title.split(' ').includes(database)) continue;
    const cpu = processCpuMs(Number(entry));
    if (cpu) {
      total += cpu.total;
      found = true;
    }
    if (!postmasters.has(database)) {
      try {
        postmasters.set(database, Number(procStatFields(`/proc/${entry}/stat`)[1])); // ppid
      } catch {
        // the backend ended meanwhile: the next one tells
      }
    }
  }
  const postmaster = postmasters.get(database);
  const reaped = postmaster === undefined ? null : reapedChildrenCpuMs(postmaster);
  if (reaped !== null) return total + reaped;
  return found ? total : null;
}
