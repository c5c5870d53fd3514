import type { FastifyInstance } from 'fastify';

export interface IntervalJob {
  /** for the log line when a run fails */
  name: string;
  /** every this many ms; 0 or less: the job never runs */
  intervalMs: number;
  /** the first run, this long after the server is ready (or one interval, if that is shorter) */
  firstDelayMs: number;
  /** `first` is true for the run shortly after start */
  run(first: boolean): Promise<void>;
}

/**
 * Runs a job inside the server: once shortly after start, then every interval. Runs never overlap (a tick
 * while one is running is skipped), timers do not keep the process alive, and closing the app waits for
 * the run in progress.
 */
export function startIntervalJob(app: FastifyInstance, job: IntervalJob): void {
  if (job.intervalMs <= 0) return;
  let running: Promise<void> | null = null;
  const tick = (first: boolean) => {
    if (running) return;
    running = job
      .run(first)
      .catch((err: unknown) => app.log.error({ err }, `${job.name} failed`))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    first = setTimeout(() => tick(true), Math.min(job.firstDelayMs, job.intervalMs));
    timer = setInterval(() => tick(false), job.intervalMs);
    first.unref();
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
    await running;
  });
}
