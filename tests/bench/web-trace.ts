// `npm run bench:web-trace`: where a dashboard's start spends the main thread, for whoever works on its
// Lighthouse total blocking time. Lighthouse (mobile) records an unthrottled load and counts each main-thread
// task 4× as long, so every task over 12.5 ms here costs blocking time there. Starts the built server
// (dist-server/ and BENCH_DIST_DIR, default dist/: run `npm run build` first), signs in as each role in
// BENCH_TRACE_ROLES (default admin,advertiser,publisher) the way `bench:web` does, loads /dashboard in
// Chromium with a Chrome trace, and prints first contentful paint and each task of 12.5 ms or more: its
// start, its length, how much of that the main thread spent on the CPU (Lighthouse counts the whole length,
// waits included), and the functions it spent the most time in (self, and the components on the stack
// for a build with readable names: `npx vite build --minify false --outDir /tmp/dist-readable`).
// BENCH_TRACE_RUNS (1) loads per role; BENCH_TRACE_SAVE=prefix keeps each trace as prefix-role-run.json
// (chrome://tracing, or the Performance panel of DevTools). BENCH_TRACE_LIGHTHOUSE=1 records with the
// categories Lighthouse records (plus the CPU profile): its source rundown (every script's text copied
// into the trace) and stack traces cost main-thread time that a plain trace does not show.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  blockingOf,
  cpuTime,
  longTasks,
  pageMainThread,
  TASK_MS,
  type TraceEvent,
} from './support/trace-events';

const ROOT = path.resolve(import.meta.dirname, '../..');
process.env.E2E_DIST_DIR = path.resolve(ROOT, process.env.BENCH_DIST_DIR ?? 'dist');

const { startServer } = await import('../e2e/support/server');
const { ACCOUNTS } = await import('../e2e/support/app');
const { signIn, storeSession } = await import('./support/web-session');
const { launchBrowser } = await import('../e2e/support/browser');
const { envInt, machine } = await import('./support/env');

const PLAIN_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing', // navigationStart
];
const CATEGORIES =
  process.env.BENCH_TRACE_LIGHTHOUSE === '1'
    ? [...(await lighthouseCategories()), 'disabled-by-default-v8.cpu_profiler']
    : PLAIN_CATEGORIES;
/** The trace categories Lighthouse's trace gatherer asks for (without its "-*"). */
async function lighthouseCategories(): Promise<string[]> {
  const { default: Trace } = (await import('lighthouse/core/gather/gatherers/trace.js')) as {
    default: { getDefaultTraceCategories(): string[] };
  };
  return Trace.getDefaultTraceCategories().filter((category) => !category.startsWith('-'));
}

const roles = (process.env.BENCH_TRACE_ROLES ?? 'admin,advertiser,publisher').split(',').map((r) => r.trim());
for (const role of roles) {
  if (!(role in ACCOUNTS)) throw new Error(`BENCH_TRACE_ROLES: unknown role ${role}`);
}
const runs = envInt('BENCH_TRACE_RUNS', 1);

function report(events: TraceEvent[], label: string): void {
  const thread = pageMainThread(events);
  if (!thread) {
    console.log(`  ${label}: no first contentful paint in the trace`);
    return;
  }
  const { pid, tid } = thread;
  const at = (ts: number) => (ts - thread.navigationTs) / 1000;

  // The main thread's CPU profile: call tree nodes and timed samples. A worker of the page has a profile of
  // its own in the same process, with node ids of its own: only the main thread's is read.
  const mainProfile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  const nodes = new Map<number, { parent?: number; name: string }>();
  const samples: { ts: number; id: number }[] = [];
  let clock = mainProfile?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk' || e.id !== mainProfile?.id) continue;
    const profile = e.args?.data?.cpuProfile;
    for (const n of profile?.nodes ?? []) {
      const file = path.basename(n.callFrame.url || '');
      nodes.set(n.id, {
        parent: n.parent,
        name: `${n.callFrame.functionName || '(anonymous)'}${file ? ` ${file}` : ''}`,
      });
    }
    const deltas = e.args?.data?.timeDeltas ?? [];
    (profile?.samples ?? []).forEach((id, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, id });
    });
  }

  const tasks = longTasks(events, thread);
  let blocking = 0;
  let blockingOnCpu = 0;
  console.log(`  ${label}: first contentful paint ${at(thread.fcpTs).toFixed(0)} ms after navigation`);
  for (const task of tasks) {
    const ms = task.dur! / 1000;
    const cpuMs = cpuTime(task) / 1000;
    blocking += blockingOf(ms);
    blockingOnCpu += blockingOf(cpuMs);
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur!);
    const perSample = inside.length > 0 ? ms / inside.length : 0;
    const self = new Map<string, number>();
    const components = new Map<string, number>();
    for (const s of inside) {
      const name = nodes.get(s.id)?.name ?? '?';
      self.set(name, (self.get(name) ?? 0) + perSample);
      const seen = new Set<string>();
      for (let id: number | undefined = s.id; id !== undefined; id = nodes.get(id)?.parent) {
        const frame = nodes.get(id)?.name ?? '';
        if (!/^[A-Z]/.test(frame) || seen.has(frame)) continue;
        seen.add(frame);
        components.set(frame, (components.get(frame) ?? 0) + perSample);
      }
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, t]) => `${name} ${t.toFixed(1)}`)
        .join(' | ');
    const when = task.ts < thread.fcpTs ? 'before FCP' : 'after FCP';
    console.log(
      `    ${at(task.ts).toFixed(0).padStart(6)} ms  ${ms.toFixed(1).padStart(6)} ms  (${when}; ` +
        `on the CPU ${cpuMs.toFixed(1)} ms)`,
    );
    if (self.size > 0) console.log(`        self: ${top(self, 6)}`);
    if (components.size > 0) console.log(`        on the stack: ${top(components, 8)}`);
  }
  console.log(
    `    ${tasks.length} tasks ≥ ${TASK_MS} ms; Σ(4 × length − 50 ms) = ${blocking.toFixed(0)} ms ` +
      '(what they would add to total blocking time if all came after the first paint); ' +
      `from the main thread's CPU time alone ${blockingOnCpu.toFixed(0)} ms (the rest is the tasks waiting: ` +
      'for the browser process, e.g. a font lookup, or for a core)',
  );
}

console.log(`Dashboard start traces (${machine()}, ${path.relative(ROOT, process.env.E2E_DIST_DIR)}/)`);
const server = await startServer({ built: true });
const browser = await launchBrowser();
try {
  for (const role of roles as (keyof typeof ACCOUNTS)[]) {
    const { email, password } = ACCOUNTS[role];
    const session = await signIn(server.baseUrl, email, password);
    for (let run = 1; run <= runs; run++) {
      // A fresh context each time, like Lighthouse's fresh profile: no service worker, no query cache.
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
      });
      const page = await context.newPage();
      await storeSession(page, server.baseUrl, session);
      await browser.startTracing(page, { categories: CATEGORIES });
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.waitForTimeout(envInt('BENCH_TRACE_WAIT_MS', 6000));
      const trace = await browser.stopTracing();
      if (process.env.BENCH_TRACE_SAVE)
        writeFileSync(`${process.env.BENCH_TRACE_SAVE}-${role}-${run}.json`, trace);
      report(
        (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents,
        `${role}, run ${run}`,
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
