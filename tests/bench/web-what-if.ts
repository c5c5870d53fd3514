// `npm run bench:web-what-if -- <dir> [change …]`: Lighthouse's simulated performance of one recorded page
// load, as recorded and with changes made to the recording, without a browser. `bench:web` with
// BENCH_WEB_ARTIFACTS=out keeps each page's load in out/<page>/ (trace, network log, Lighthouse's
// artifacts). Lighthouse (mobile, simulated throttling) computes its timings from such a recording, so the
// same recording gives the same figures every time: a change's effect shows without the noise of a new
// run on a loaded machine. Changes, each audited on its own and then all together:
//   drop:REGEX          leave out the requests whose URL matches
//   bytes:REGEX=K       their transferred bytes × K (e.g. bytes:index-=0.5: the entry half as big)
//   cpu:FROM-TO=K       main-thread tasks starting FROM..TO ms after navigation take K × as long (0: none)
//   oncpu               every main-thread task lasts only the time its thread was on the CPU, its waits
//                       (for a core of a busy machine, for the browser process) left out: an upper bound
// `tasks` instead lists the recording's main-thread tasks of 12.5 ms or more (what Lighthouse's 4× CPU
// slowdown turns into long tasks) with the events they ran, to pick a `cpu:` window.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { cpuTime, isTask, TASK_MS, type TraceEvent } from './support/trace-events';
import { LIGHTHOUSE_SETTINGS } from './support/web-lighthouse';

const TRACE = 'defaultPass.trace.json';
const NETWORK_LOG = 'defaultPass.devtoolslog.json';

interface NetworkEvent {
  method: string;
  params: {
    requestId?: string;
    request?: { url: string };
    encodedDataLength?: number;
    dataLength?: number;
    response?: { encodedDataLength?: number };
  };
}
type Change = (dir: string) => void;

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** The trace's events and its main frame's navigation start (the main thread is that event's thread). */
function mainThread(dir: string) {
  const trace = readJson<{ traceEvents: TraceEvent[] }>(path.join(dir, TRACE));
  const navigation = trace.traceEvents.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame,
  );
  if (!navigation) throw new Error(`${dir}: no navigation in the trace`);
  const tasks = trace.traceEvents.filter(
    (e) => e.pid === navigation.pid && e.tid === navigation.tid && isTask(e),
  );
  return { trace, navigation, tasks };
}

const msAfter = (event: TraceEvent, navigation: TraceEvent) => (event.ts - navigation.ts) / 1000;

/** Drops the matching requests' events, or edits them (`edit`). */
function networkChange(pattern: string, edit: ((event: NetworkEvent) => void) | 'drop'): Change {
  const matches = new RegExp(pattern);
  return (dir) => {
    const file = path.join(dir, NETWORK_LOG);
    const log = readJson<NetworkEvent[]>(file);
    const ids = new Set(
      log
        .filter((e) => e.method === 'Network.requestWillBeSent' && matches.test(e.params.request?.url ?? ''))
        .map((e) => e.params.requestId),
    );
    if (ids.size === 0) throw new Error(`no request matches ${pattern}`);
    const matching = (event: NetworkEvent) =>
      event.params?.requestId !== undefined && ids.has(event.params.requestId);
    if (edit !== 'drop') log.filter(matching).forEach(edit);
    writeFileSync(file, JSON.stringify(edit === 'drop' ? log.filter((event) => !matching(event)) : log));
  };
}

function parseChange(spec: string): Change {
  const colon = spec.indexOf(':');
  const [kind, rest] = colon < 0 ? [spec, ''] : [spec.slice(0, colon), spec.slice(colon + 1)];
  if (kind !== 'drop' && kind !== 'bytes' && kind !== 'cpu' && kind !== 'oncpu')
    throw new Error(`${spec}: unknown change (drop:, bytes:, cpu:, oncpu, tasks)`);
  if (kind === 'drop') return networkChange(rest, 'drop');
  if (kind === 'oncpu') {
    return (dir) => {
      const { trace, tasks } = mainThread(dir);
      for (const task of tasks) task.dur = cpuTime(task);
      writeFileSync(path.join(dir, TRACE), JSON.stringify(trace));
    };
  }
  const at = rest.lastIndexOf('=');
  const factor = Number(rest.slice(at + 1));
  if (at < 0 || !Number.isFinite(factor) || factor < 0) throw new Error(`${spec}: expected …=K, K ≥ 0`);
  const target = rest.slice(0, at);
  if (kind === 'bytes') {
    const scale = (n: number | undefined) => (n === undefined ? n : Math.round(n * factor));
    return networkChange(target, (event) => {
      event.params.encodedDataLength = scale(event.params.encodedDataLength);
      event.params.dataLength = scale(event.params.dataLength);
      if (event.params.response)
        event.params.response.encodedDataLength = scale(event.params.response.encodedDataLength);
    });
  }
  const [from, to] = target.split('-').map(Number);
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new Error(`${spec}: expected cpu:FROM-TO=K`);
  return (dir) => {
    const { trace, navigation, tasks } = mainThread(dir);
    const inWindow = tasks.filter((t) => msAfter(t, navigation) >= from! && msAfter(t, navigation) <= to!);
    if (inWindow.length === 0) throw new Error(`${spec}: no main-thread task starts in that window`);
    for (const task of inWindow) task.dur = Math.round((task.dur ?? 0) * factor);
    writeFileSync(path.join(dir, TRACE), JSON.stringify(trace));
  };
}

async function audit(dir: string): Promise<string> {
  const result = await lighthouse(undefined, { ...LIGHTHOUSE_SETTINGS, auditMode: dir });
  if (!result) throw new Error(`Lighthouse returned nothing for ${dir}`);
  const { audits, categories } = result.lhr;
  const ms = (id: string) => `${Math.round(audits[id]?.numericValue ?? NaN)} ms`;
  const score = Math.round((categories.performance?.score ?? 0) * 100);
  return `performance ${score}  FCP ${ms('first-contentful-paint')}  LCP ${ms('largest-contentful-paint')}  TBT ${ms('total-blocking-time')}  SI ${ms('speed-index')}  TTI ${ms('interactive')}`;
}

function listTasks(dir: string): void {
  const { trace, navigation, tasks } = mainThread(dir);
  for (const task of tasks.filter((t) => (t.dur ?? 0) / 1000 >= TASK_MS)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = trace.traceEvents.filter(
      (e) =>
        e.tid === task.tid &&
        e.pid === task.pid &&
        e !== task &&
        e.ph === 'X' &&
        e.ts >= task.ts &&
        e.ts < end &&
        (e.dur ?? 0) >= 2000,
    );
    const names = [
      ...new Set(
        inside.map(
          (e) =>
            `${e.name}${e.args?.data?.url ? ` ${path.basename(e.args.data.url)}` : ''} ${Math.round((e.dur ?? 0) / 1000)}`,
        ),
      ),
    ];
    console.log(
      `${msAfter(task, navigation).toFixed(0).padStart(7)} ms  ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms  ${names.slice(0, 5).join(' | ')}`,
    );
  }
}

const [dir, ...specs] = process.argv.slice(2);
if (!dir)
  throw new Error(
    'usage: npm run bench:web-what-if -- <recorded page dir> [drop:RE | bytes:RE=K | cpu:FROM-TO=K | oncpu | tasks …]',
  );
const recorded = path.resolve(dir);
if (specs.includes('tasks')) {
  listTasks(recorded);
} else {
  const changes = specs.map(parseChange);
  // each change on its own, then (with more than one) all of them together
  const variants = specs.map((spec, i) => ({ label: spec, apply: [changes[i]!] }));
  if (changes.length > 1) variants.push({ label: 'all together', apply: changes });
  console.log(`${'as recorded'.padEnd(32)} ${await audit(recorded)}`);
  for (const { label, apply } of variants) {
    const copy = mkdtempSync(path.join(tmpdir(), 'affilio-what-if-'));
    try {
      cpSync(recorded, copy, { recursive: true });
      apply.forEach((change) => change(copy));
      console.log(`${label.padEnd(32)} ${await audit(copy)}`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }
}
