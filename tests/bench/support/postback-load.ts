// The conversions bench's load generator: wrk (C, its own process, one thread) POSTing one JSON postback per
// request on `connections` connections, with support/wrk-postbacks.lua, which hands the postbacks out in
// order to whichever connection is free (or, given a rate, each at its due time) and writes every answer
// down. `firePostbacks` writes the sequence to a file, runs wrk, stops it once every postback is answered,
// and reads the answers back. Answers come back in any order, so they are not tied to their postback here:
// the bench checks them against the database by their conversion_id (conversions.ts). Until 2026-11-26 this was autocannon in a child process,
// whose JavaScript per request cost ~0.4 ms of CPU per postback on the same two cores as the server; wrk
// with a thread per connection was tried next and cost the server and PostgreSQL a third more CPU per
// conversion than one thread does (each answer woke a thread of its own).
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLOCK_TICKS_PER_S, procStatFields, processCpuMs } from './load';
import { lateness, spawnWrk } from './wrk';

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
  status: number;
  conversionId: string | null;
  duplicate: boolean | null;
  /** the answer's body, as sent */
  body: string;
}

export interface FireResult {
  answers: Answer[];
  /** from wrk ready to the last postback answered */
  durationS: number;
  /** connect, read, write errors and timeouts */
  errors: number;
  /** latency of every request (wrk's histogram), ms */
  p50: number;
  p99: number;
  /** CPU time of the generator process (all threads), ms */
  generatorCpuMs: number;
  /** at a fixed rate: postbacks sent more than 1 ms after they were due (every connection was busy) */
  late: number;
  /** … and the most one of them was late, ms */
  maxLateMs: number;
}

/**
 * Sends the sequence (each postback once, in order, on `connections` connections): as fast as the server
 * answers, or `perS` postbacks a second; resolves with every answer.
 */
export async function firePostbacks(
  baseUrl: string,
  sequence: Postback[],
  connections: number,
  perS?: number,
): Promise<FireResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'affilio-postbacks-'));
  try {
    const input = path.join(dir, 'in.jsonl');
    const output = path.join(dir, 'answers.txt');
    writeFileSync(input, sequence.map((p) => JSON.stringify(p)).join('\n') + '\n');
    let startedAt = 0;
    let endedAt = 0;
    // wrk's CPU from ready (its requests formatted) to the last answer
    let cpuAtStart: number | null = null;
    let cpuAtEnd: number | null = null;
    let late = 0;
    let maxLateMs = 0;
    const summary = await spawnWrk(
      [
        '-t1',
        `-c${Math.max(1, Math.min(connections, sequence.length))}`,
        // a bound, not the length: wrk is stopped once every postback is answered
        '-d600s',
        '--timeout',
        '30s',
        '-s',
        SCRIPT,
        `${baseUrl}/api/postback`,
        '--',
        input,
        output,
        ...(perS === undefined ? [] : [String(perS)]),
      ],
      (line, { stop, cpuMs }) => {
        if (line === 'WRK_READY') {
          startedAt = performance.now();
          cpuAtStart = cpuMs();
        }
        if (line.startsWith('WRK_DONE')) {
          ({ late, maxLateMs } = lateness(line));
          endedAt = performance.now();
          cpuAtEnd = cpuMs();
          stop();
        }
      },
    );
    const answers: Answer[] = [];
    for (const line of readFileSync(output, 'utf8').split('\n')) {
      if (!line) continue;
      const space = line.indexOf(' ');
      const body = line.slice(space + 1);
      let parsed: { conversion_id?: string; duplicate?: boolean } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        // not JSON: counted as an error by its status
      }
      answers.push({
        status: Number(line.slice(0, space)),
        conversionId: parsed.conversion_id ?? null,
        duplicate: parsed.duplicate ?? null,
        body,
      });
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
      late,
      maxLateMs,
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
