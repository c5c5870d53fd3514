// The conversions bench's load generator: autocannon POSTing one JSON postback per request, in a process of
// its own (so it does not share the bench's event loop, and its CPU is measured apart from the server's).
// The parent (`firePostbacks`) writes the sequence to a file and starts this file as a child
// (`node --import tsx postback-load.ts <in> <out>`), which writes every answer back to a file.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { CLOCK_TICKS_PER_S, procStatFields, processCpuMs } from './load';

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
  /** from just before the request was written to its complete response */
  ms: number;
}

export interface FireResult {
  answers: Answer[];
  durationS: number;
  errors: number;
  sent: number;
  /** CPU time of the generator process (all threads), ms */
  generatorCpuMs: number;
}

interface Job {
  url: string;
  connections: number;
  sequence: Postback[];
}

/** One answer as the child writes it: [index in the sequence, status, conversion_id, duplicate, ms]. */
type Wire = [number, number, string | null, boolean | null, number];

interface ChildResult {
  answers: Wire[];
  durationS: number;
  errors: number;
  sent: number;
}

/** Sends the sequence (each postback once, in order, on `connections` connections) from a child process. */
export async function firePostbacks(
  baseUrl: string,
  sequence: Postback[],
  connections: number,
): Promise<FireResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'affilio-postbacks-'));
  try {
    const input = path.join(dir, 'in.json');
    const output = path.join(dir, 'out.json');
    writeFileSync(
      input,
      JSON.stringify({ url: `${baseUrl}/api/postback`, connections, sequence } satisfies Job),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, input, output], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let generatorCpuMs = 0;
    const timer = setInterval(() => {
      if (child.pid !== undefined) generatorCpuMs = processCpuMs(child.pid)?.total ?? generatorCpuMs;
    }, 50);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve(exitCode));
    }).finally(() => clearInterval(timer));
    if (code !== 0) throw new Error(`the postback generator exited with ${code}`);
    const result = JSON.parse(readFileSync(output, 'utf8')) as ChildResult;
    return {
      answers: result.answers.map(([i, status, conversionId, duplicate, ms]) => ({
        postback: sequence[i]!,
        status,
        conversionId,
        duplicate,
        ms,
      })),
      durationS: result.durationS,
      errors: result.errors,
      sent: result.sent,
      generatorCpuMs,
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

interface Timed {
  index?: number;
  sentAt?: number;
}

/** The child: every postback of the job once, answers timed per request. */
async function generate(job: Job): Promise<ChildResult> {
  const bodies = job.sequence.map((p) => JSON.stringify(p));
  const answers: Wire[] = [];
  let next = 0;
  // timed here, to the last answer: autocannon notices that the last request was answered on its 1 s tick,
  // so its own duration runs up to a second past the work (a fifth of a 5 s run)
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const result = await autocannon({
    url: job.url,
    method: 'POST',
    connections: Math.min(job.connections, bodies.length),
    amount: bodies.length,
    timeout: 30,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        // called right before each request is written (the context is fresh for every request)
        setupRequest: (request, context) => {
          const index = next++ % bodies.length;
          Object.assign(context, { index, sentAt: performance.now() } satisfies Timed);
          return { ...request, body: bodies[index] };
        },
        onResponse: (status, body, context) => {
          const { index, sentAt } = context as Timed;
          if (index === undefined || sentAt === undefined) return;
          lastAnswerAt = performance.now();
          const ms = lastAnswerAt - sentAt;
          let parsed: { conversion_id?: string; duplicate?: boolean } = {};
          try {
            parsed = JSON.parse(String(body)) as typeof parsed;
          } catch {
            // not JSON: counted as an error by its status
          }
          answers.push([index, status, parsed.conversion_id ?? null, parsed.duplicate ?? null, ms]);
        },
      },
    ],
  });
  const durationS = (lastAnswerAt - startedAt) / 1000;
  return { answers, durationS, errors: result.errors, sent: result.requests.sent };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [input, output] = process.argv.slice(2) as [string, string];
  const job = JSON.parse(readFileSync(input, 'utf8')) as Job;
  writeFileSync(output, JSON.stringify(await generate(job)));
}
