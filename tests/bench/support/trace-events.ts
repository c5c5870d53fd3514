// The Chrome trace events the web benches read (bench:web-trace, bench:web-what-if).

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
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
