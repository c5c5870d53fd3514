import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { startIntervalJob } from '../../platform/interval-job';
import { approveDueCommissions } from './service';

/**
 * Runs the hold-period approval inside the server: once shortly after start, then every
 * `commissionAutoApproveIntervalMs` (0 = off). The job itself is idempotent.
 */
export function startCommissionAutoApproval(app: FastifyInstance, ctx: AppContext): void {
  startIntervalJob(app, {
    name: 'automatic commission approval',
    intervalMs: ctx.config.commissionAutoApproveIntervalMs,
    firstDelayMs: 5_000,
    async run() {
      const n = await approveDueCommissions(ctx);
      if (n > 0) app.log.info({ approved: n }, 'commissions approved after the hold period');
    },
  });
}
