// The Chrome trace events the web benches read (bench:web-trace, bench:web-what-if).

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time within the event (µs), where Chromium records it: `dur` less any wait. */
  tdur?: number;
  pid: number;
  tid: number;
  /** A CPU profile's id, shared by its Profile and ProfileChunk events. */
  id?: string;
  args?: {
    data?: {
      isLoadingMainFrame?: boolean;
      url?: string;
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: {
        nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string } }[];
        samples?: number[];
      };
    };
  };
}

/** A main-thread task this long or longer is a long task (50 ms) under Lighthouse's 4× CPU slowdown. */
export const TASK_MS = 12.5;

/** The page's main thread in a trace of its load: its process and thread, navigation and first paint (µs). */
export interface PageMainThread {
  pid: number;
  tid: number;
  navigationTs: number;
  fcpTs: number;
}

export function pageMainThread(events: readonly TraceEvent[]): PageMainThread | undefined {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return undefined;
  const { pid, tid } = fcp;
  const navigation =
    events.find((e) => e.name === 'navigationStart' && e.pid === pid && e.args?.data?.isLoadingMainFrame) ??
    events.find((e) => e.name === 'navigationStart' && e.pid === pid);
  return { pid, tid, navigationTs: navigation?.ts ?? fcp.ts, fcpTs: fcp.ts };
}

/** A task of a thread's task loop, by the names Chromium's versions give it. */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
export const isTask = (e: TraceEvent): boolean => e.ph === 'X' && TASK_NAMES.has(e.name);

/** The time (µs) a task's thread was on the CPU; its length where Chromium recorded no thread time. */
export const cpuTime = (task: TraceEvent): number => task.tdur ?? task.dur ?? 0;

/** The main thread's tasks of TASK_MS or more. */
export function longTasks(events: readonly TraceEvent[], thread: PageMainThread): TraceEvent[] {
  return events.filter(
    (e) => e.pid === thread.pid && e.tid === thread.tid && isTask(e) && (e.dur ?? 0) >= TASK_MS * 1000,
  );
}

/** What one task adds to total blocking time under a 4× CPU slowdown, from a length in ms. */
export const blockingOf = (ms: number): number => Math.max(0, ms * 4 - 50);

/**
 * The long tasks after the first paint, Σ(4 × length − 50 ms) as Lighthouse's simulation counts them
 * (`byLength`), and the same from the main thread's CPU time within each task (`byCpu`): the difference is
 * time the tasks waited, for the browser process (a font lookup, a cookie) or for a core of a busy machine.
 */
export function longTaskBlocking(
  events: readonly TraceEvent[],
): { byLength: number; byCpu: number } | undefined {
  const thread = pageMainThread(events);
  if (!thread) return undefined;
  let byLength = 0;
  let byCpu = 0;
  for (const task of longTasks(events, thread)) {
    if (task.ts < thread.fcpTs) continue;
    byLength += blockingOf(task.dur! / 1000);
    byCpu += blockingOf(cpuTime(task) / 1000);
  }
  return { byLength, byCpu };
}
