import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryConfig } from '../../config';
import type { Db } from '../../db/connection';
import type { Notifier } from '../../platform/notifier';
import type { OutboundResult, OutboundSender } from '../../platform/outbound-request';
import { msg } from '../../platform/i18n';
import { conversionFacts } from '../tracking/service';
import {
  claimDueDeliveries,
  fanOutEvents,
  hasPendingWork,
  recordOutcomes,
  releaseClaims,
  type DeliveryOutcome,
  type DisabledTarget,
} from './delivery-queries';
import { conversionIdOf, postbackRequest, webhookRequest, type DeliveryJob } from './requests';

/** deliveries being sent at once by one process */
const MAX_IN_FLIGHT = 32;
/** events fanned out per transaction */
const FAN_OUT_BATCH = 500;

export interface DeliveryWorkerDeps {
  db: Db;
  config: DeliveryConfig;
  send: OutboundSender;
  notifier: Notifier;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** The wait before retry `attempt + 1`, or null when the schedule is used up: its delay plus up to 20 % jitter. */
export function retryDelayMs(delays: number[], attempt: number, random = Math.random): number | null {
  const base = delays[attempt - 1];
  if (base === undefined) return null;
  // jitter only adds, so the schedule's span (24 h and more) is a floor, and retries of many deliveries that
  // failed together spread out
  return Math.round(base * (1 + 0.2 * random()));
}

/**
 * Sends the webhook and postback deliveries of the outbox (server/platform/outbox.ts). Each tick fans out new
 * events into deliveries, records the outcomes of sends that finished (in one transaction), and claims due
 * deliveries up to its in-flight limit (FOR UPDATE SKIP LOCKED, so several processes share the work). A
 * delivery is done only once a 2xx is recorded: one claimed by a process that died is due again when its
 * lease ends, a failed one gets its next attempt by the retry schedule — at least once, never lost.
 * Nothing here runs on the click or conversion path: they only write outbox rows.
 */
export class DeliveryWorker {
  private readonly inFlight = new Map<string, AbortController>();
  private readonly finished: DeliveryOutcome[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  /** not polling (pollMs 0, or not started yet): passes run only when called (tests) */
  private stopped = true;
  /** stop() was called: no new sends */
  private closed = false;
  private readonly now: () => Date;

  constructor(private readonly deps: DeliveryWorkerDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  start(): void {
    if (this.deps.config.pollMs <= 0 || !this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs a tick soon (new work: a test event, a resend, a finished send). */
  wake(): void {
    if (this.stopped) {
      // driven by hand (tests): the sends' outcomes are recorded by the next pass
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Stops: cancels sends in flight and gives their deliveries back (due now, for the next start), and records
   * what finished. A process killed instead leaves its claims to their leases.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    const cancelled = [...this.inFlight.keys()];
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    await this.flush().catch((err: unknown) => this.deps.log.error({ err }, 'recording deliveries failed'));
    await releaseClaims(this.deps.db, cancelled, this.now()).catch(() => undefined);
  }

  /** One pass (tests call it to run the worker by hand). */
  async tick(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.pass().finally(() => {
      this.running = null;
    });
    await this.running;
  }

  /** Runs passes until there is nothing left to do now and every send finished (tests). */
  async settle(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await this.tick();
      if (this.inFlight.size === 0 && this.finished.length === 0 && !(await this.hasDueWork())) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private hasDueWork(): Promise<boolean> {
    return hasPendingWork(this.deps.db, this.now());
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick()
        .catch((err: unknown) => this.deps.log.error({ err }, 'delivery worker pass failed'))
        .finally(() => {
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? 0 : this.deps.config.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    const now = this.now();
    while ((await fanOutEvents(this.deps.db, FAN_OUT_BATCH, now)) === FAN_OUT_BATCH) {
      // a backlog: keep fanning out before sending
    }
    await this.flush();
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    if (room <= 0 || this.closed) return;
    const jobs = await claimDueDeliveries(this.deps.db, room, now, this.deps.config.leaseMs);
    if (jobs.length === 0) return;
    const facts = await conversionFacts(
      this.deps.db,
      jobs.filter((j) => j.postback).flatMap((j) => conversionIdOf(j) ?? []),
    );
    for (const job of jobs) {
      const controller = new AbortController();
      this.inFlight.set(job.id, controller);
      void this.deliver(job, facts.get(conversionIdOf(job) ?? ''), controller.signal).then((outcome) => {
        // cancelled by stop(): given back there instead
        if (!this.inFlight.delete(job.id)) return;
        this.finished.push(outcome);
        this.wake();
      });
    }
  }

  private async deliver(
    job: DeliveryJob,
    facts: Parameters<typeof postbackRequest>[1],
    signal: AbortSignal,
  ): Promise<DeliveryOutcome> {
    const attemptedAt = this.now();
    const target = job.webhook ?? job.postback;
    let result: OutboundResult;
    if (!target) {
      result = { statusCode: null, durationMs: 0, excerpt: '', error: 'the endpoint was deleted' };
    } else if (!target.enabled) {
      result = { statusCode: null, durationMs: 0, excerpt: '', error: 'not sent: the endpoint is disabled' };
    } else {
      try {
        const request = job.webhook ? webhookRequest(job, attemptedAt) : postbackRequest(job, facts);
        result = await this.deps.send(request, signal);
      } catch (err) {
        result = { statusCode: null, durationMs: 0, excerpt: '', error: (err as Error).message };
      }
    }
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const retryable = !ok && target?.enabled === true;
    const delay = retryable ? retryDelayMs(this.deps.config.retryDelaysMs, job.attempt) : null;
    return {
      id: job.id,
      eventId: job.eventId,
      type: job.type,
      attempt: job.attempt,
      webhookId: job.webhook?.id ?? null,
      postbackId: job.postback?.id ?? null,
      // a delivery to a disabled endpoint is closed, not counted as the endpoint failing again
      ok: ok || (target !== null && !target.enabled),
      statusCode: result.statusCode,
      durationMs: target?.enabled ? result.durationMs : null,
      excerpt: result.excerpt || null,
      error: result.error ?? (ok ? null : `answered ${result.statusCode}, not 2xx`),
      attemptedAt,
      retryAt: delay === null ? null : new Date(attemptedAt.getTime() + delay),
    };
  }

  /** Records the finished sends; tells the owners of endpoints this turned off. */
  private async flush(): Promise<void> {
    const outcomes = this.finished.splice(0);
    if (outcomes.length === 0) return;
    const disableBefore = new Date(this.now().getTime() - this.deps.config.disableAfterMs);
    let disabled: DisabledTarget[];
    try {
      disabled = await recordOutcomes(this.deps.db, outcomes, disableBefore);
    } catch (err) {
      // kept for the next pass; if the process dies first, the leases resend them
      this.finished.unshift(...outcomes);
      throw err;
    }
    for (const target of disabled) this.tellDisabled(target);
  }

  private tellDisabled(target: DisabledTarget): void {
    const webhook = target.kind === 'webhook';
    this.deps.log.warn({ target }, 'delivery target disabled after failing');
    void this.deps.notifier
      .notify(target.ownerId, {
        category: 'system',
        priority: 'high',
        isImportant: true,
        requiresAction: true,
        title: webhook
          ? msg('notifications:delivery.webhookDisabled.title')
          : msg('notifications:delivery.postbackDisabled.title'),
        body: msg('notifications:delivery.disabled.body', {
          url: target.url,
          duration: duration(this.deps.config.disableAfterMs),
        }),
        link: webhook ? '/settings/webhooks' : '/settings/postbacks',
        data: { type: webhook ? 'webhook' : 'publisher_postback', id: target.id },
      })
      .catch((err: unknown) => this.deps.log.error({ err }, 'could not tell about a disabled endpoint'));
  }
}

function duration(ms: number) {
  const h = ms / 3_600_000;
  return h >= 1
    ? msg('notifications:delivery.hours', { count: Math.round(h) })
    : msg('notifications:delivery.seconds', { count: Math.max(1, Math.round(ms / 1000)) });
}
