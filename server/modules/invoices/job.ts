import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { startIntervalJob } from '../../platform/interval-job';
import { claimJobMonth, releaseJobMonth } from './queries';
import type { Invoice } from './schema';
import { generateInvoicesWithSkips, previousMonth } from './service';

export type MonthlyRun =
  | { status: 'generated'; month: string; invoices: Invoice[]; skippedUnverified: number }
  | { status: 'skipped' };

/**
 * One check of the monthly job: once the month before `now` is over, the first process to claim it makes
 * that month's drafts for every advertiser; later checks, and every other process, skip it. A failed run
 * gives the claim back. Generation itself is idempotent, so an admin's "generate now" before or after
 * changes nothing twice.
 */
export async function runMonthlyInvoicing(ctx: AppContext, now = new Date()): Promise<MonthlyRun> {
  const month = previousMonth(now);
  const previous = await claimJobMonth(ctx.db, month);
  if (previous === null) return { status: 'skipped' };
  try {
    const { invoices, skippedUnverified } = await generateInvoicesWithSkips(
      ctx.db,
      { month },
      { actorId: null, now, requireEmailVerification: ctx.config.requireEmailVerification },
    );
    return { status: 'generated', month, invoices, skippedUnverified: skippedUnverified.length };
  } catch (err) {
    await releaseJobMonth(ctx.db, month, previous).catch(() => undefined);
    throw err;
  }
}

/**
 * Runs the monthly invoicing inside the server: shortly after start (catching up a 1st the server was
 * down on), then every `invoiceJobIntervalMs` (0 = off), so last month's drafts appear early on the 1st.
 */
export function startMonthlyInvoicing(app: FastifyInstance, ctx: AppContext): void {
  startIntervalJob(app, {
    name: 'monthly invoice generation',
    intervalMs: ctx.config.invoiceJobIntervalMs,
    firstDelayMs: 10_000,
    async run() {
      const outcome = await runMonthlyInvoicing(ctx);
      if (outcome.status === 'generated') {
        app.log.info(
          {
            month: outcome.month,
            invoices: outcome.invoices.length,
            skippedUnverified: outcome.skippedUnverified,
          },
          'draft invoices generated (advertisers who have not confirmed their e-mail are skipped)',
        );
      }
    },
  });
}
