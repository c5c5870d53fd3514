import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { approveDueCommissions } from './service';

/**
 * Runs the hold-period approval inside the server: once shortly after start, then every
 * `commissionAutoApproveIntervalMs` (0 = off). Runs never overlap; the job itself is idempotent.
 */
export function startCommissionAutoApproval(app: FastifyInstance, ctx: AppContext): void {
  const interval = ctx.config.commissionAutoApproveIntervalMs;
  if (interval <= 0) return;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = approveDueCommissions(ctx)
      .then((n) => {
        if (n > 0) app.log.info({ approved: n }, 'commissions approved after the hold period');
      })
      .catch((err: unknown) => app.log.error({ err }, 'automatic commission approval failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    first = setTimeout(run, 5_000);
    timer = setInterval(run, interval);
    first.unref();
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
    await running;
  });
}
