import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/connection';
import type { DeliveryJob } from './requests';

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

// The delivery worker's set-based statements: one per step for a whole batch of events or deliveries.

/** The postback trigger (`on`) each event type fires. */
const TRIGGER_OF_TYPE = sql`case e.type when 'conversion.created' then 'conversion'
  when 'commission.approved' then 'approved' when 'commission.rejected' then 'rejected'
  when 'commission.reversed' then 'reversed' end`;

/**
 * Fans out events not yet fanned out (up to `limit`, oldest first, skipping those another worker holds):
 * one delivery per matching enabled webhook endpoint (its owner is an active admin, or in the event's
 * audience) and publisher postback (the event's publisher, campaign or all campaigns, its trigger), due now.
 * The deliveries and the mark commit together, so an event is fanned out exactly once. Answers how many
 * events it took.
 */
export async function fanOutEvents(db: Db, limit: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await executeRows<{ id: string }>(
      tx,
      sql`select id from integration_events where fanned_out_at is null
          order by created_at limit ${limit} for update skip locked`,
    );
    if (events.length === 0) return 0;
    const ids = `{${events.map((e) => e.id).join(',')}}`;
    await tx.execute(sql`
      insert into integration_deliveries (event_id, webhook_id, type, attempt, next_attempt_at)
      select e.id, w.id, e.type, 1, ${ts(now)}
      from integration_events e
      join webhook_endpoints w on w.enabled and w.events ? e.type
      join users u on u.id = w.owner_id and u.status = 'active'
      where e.id = any(${ids}::uuid[]) and (u.role = 'admin' or w.owner_id = any(e.audience))`);
    await tx.execute(sql`
      insert into integration_deliveries (event_id, postback_id, type, attempt, next_attempt_at)
      select e.id, p.id, e.type, 1, ${ts(now)}
      from integration_events e
      join publisher_postbacks p on p.enabled and p.publisher_id = e.publisher_id
        and (p.campaign_id is null or p.campaign_id = e.campaign_id) and p.on ? (${TRIGGER_OF_TYPE})
      join users u on u.id = p.publisher_id and u.status = 'active'
      where e.id = any(${ids}::uuid[])`);
    await tx.execute(
      sql`update integration_events set fanned_out_at = ${ts(now)} where id = any(${ids}::uuid[])`,
    );
    return events.length;
  });
}

interface JobRow {
  id: string;
  event_id: string;
  attempt: number;
  type: string;
  data: Record<string, unknown>;
  event_created_at: string | Date;
  webhook_id: string | null;
  webhook_url: string | null;
  secret: string | null;
  webhook_enabled: boolean | null;
  owner_id: string | null;
  postback_id: string | null;
  postback_url: string | null;
  method: 'GET' | 'POST' | null;
  postback_enabled: boolean | null;
  publisher_id: string | null;
}

/**
 * Claims up to `limit` due deliveries (skipping rows another worker holds) by moving their due time to the
 * end of a lease: sent and recorded before then, they are done; left behind by a process that died, they are
 * due again then. Answers each with what sending it needs.
 */
export async function claimDueDeliveries(
  db: Db,
  limit: number,
  now: Date,
  leaseMs: number,
): Promise<DeliveryJob[]> {
  const leaseEnd = new Date(now.getTime() + leaseMs);
  const rows = await executeRows<JobRow>(
    db,
    sql`with claimed as (
          update integration_deliveries d set next_attempt_at = ${ts(leaseEnd)}
          where d.id in (
            select id from integration_deliveries
            where next_attempt_at is not null and next_attempt_at <= ${ts(now)}
            order by next_attempt_at limit ${limit} for update skip locked)
          returning d.id, d.event_id, d.attempt, d.type, d.webhook_id, d.postback_id)
        select c.id, c.event_id, c.attempt, c.type, e.data, e.created_at as event_created_at,
          c.webhook_id, w.url as webhook_url, w.secret, w.enabled as webhook_enabled, w.owner_id,
          c.postback_id, p.url as postback_url, p.method, p.enabled as postback_enabled, p.publisher_id
        from claimed c
        join integration_events e on e.id = c.event_id
        left join webhook_endpoints w on w.id = c.webhook_id
        left join publisher_postbacks p on p.id = c.postback_id`,
  );
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    attempt: r.attempt,
    type: r.type,
    data: r.data,
    eventCreatedAt: new Date(r.event_created_at),
    webhook: r.webhook_id
      ? {
          id: r.webhook_id,
          url: r.webhook_url!,
          secret: r.secret!,
          enabled: r.webhook_enabled!,
          ownerId: r.owner_id!,
        }
      : null,
    postback: r.postback_id
      ? {
          id: r.postback_id,
          url: r.postback_url!,
          method: r.method!,
          enabled: r.postback_enabled!,
          publisherId: r.publisher_id!,
        }
      : null,
  }));
}

/** The outcome of one sent (or skipped) delivery. */
export interface DeliveryOutcome {
  id: string;
  eventId: string;
  type: string;
  attempt: number;
  webhookId: string | null;
  postbackId: string | null;
  ok: boolean;
  statusCode: number | null;
  durationMs: number | null;
  excerpt: string | null;
  error: string | null;
  attemptedAt: Date;
  /** when to try again (a failure with retries left) */
  retryAt: Date | null;
}

/** An endpoint or postback the worker turned off: its owner is told after the commit. */
export interface DisabledTarget {
  kind: 'webhook' | 'postback';
  id: string;
  ownerId: string;
  url: string;
}

const idList = (ids: (string | null)[]) => `{${[...new Set(ids.filter((id) => id !== null))].join(',')}}`;

/**
 * Records a batch of outcomes in one transaction: each attempt's answer, the next attempt of each failure with
 * retries left, the endpoints' failing-since time (cleared by a success), and turns off those failing since
 * `disableBefore` or longer (answered, to tell their owners).
 */
export async function recordOutcomes(
  db: Db,
  outcomes: DeliveryOutcome[],
  disableBefore: Date,
): Promise<DisabledTarget[]> {
  if (outcomes.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = JSON.stringify(
      outcomes.map((o) => ({
        id: o.id,
        status_code: o.statusCode,
        duration_ms: o.durationMs,
        response_excerpt: o.excerpt,
        error: o.error,
        attempted_at: o.attemptedAt.toISOString(),
      })),
    );
    await tx.execute(sql`
      update integration_deliveries d set next_attempt_at = null, status_code = r.status_code,
        duration_ms = r.duration_ms, response_excerpt = r.response_excerpt, error = r.error,
        attempted_at = r.attempted_at
      from json_to_recordset(${rows}::json) as r(id uuid, status_code int, duration_ms int,
        response_excerpt text, error text, attempted_at timestamptz)
      where d.id = r.id`);

    const ok = outcomes.filter((o) => o.ok);
    const failed = outcomes.filter((o) => !o.ok && (o.webhookId || o.postbackId));
    const okWebhooks = idList(ok.map((o) => o.webhookId));
    const okPostbacks = idList(ok.map((o) => o.postbackId));
    await tx.execute(sql`update webhook_endpoints set failing_since = null
      where id = any(${okWebhooks}::uuid[]) and failing_since is not null`);
    await tx.execute(sql`update publisher_postbacks set failing_since = null
      where id = any(${okPostbacks}::uuid[]) and failing_since is not null`);
    if (failed.length === 0) return [];

    const firstFailure = new Date(Math.min(...failed.map((o) => o.attemptedAt.getTime())));
    const failedWebhooks = idList(failed.map((o) => o.webhookId));
    const failedPostbacks = idList(failed.map((o) => o.postbackId));
    await tx.execute(sql`update webhook_endpoints set failing_since = coalesce(failing_since, ${ts(firstFailure)})
      where id = any(${failedWebhooks}::uuid[]) and not (id = any(${okWebhooks}::uuid[]))`);
    await tx.execute(sql`update publisher_postbacks set failing_since = coalesce(failing_since, ${ts(firstFailure)})
      where id = any(${failedPostbacks}::uuid[]) and not (id = any(${okPostbacks}::uuid[]))`);
    const webhooksOff = await executeRows<{ id: string; owner_id: string; url: string }>(
      tx,
      sql`update webhook_endpoints set enabled = false, updated_at = now()
        where id = any(${failedWebhooks}::uuid[]) and enabled and failing_since <= ${ts(disableBefore)}
        returning id, owner_id, url`,
    );
    const postbacksOff = await executeRows<{ id: string; publisher_id: string; url: string }>(
      tx,
      sql`update publisher_postbacks set enabled = false, updated_at = now()
        where id = any(${failedPostbacks}::uuid[]) and enabled and failing_since <= ${ts(disableBefore)}
        returning id, publisher_id, url`,
    );
    const disabled: DisabledTarget[] = [
      ...webhooksOff.map((r) => ({ kind: 'webhook' as const, id: r.id, ownerId: r.owner_id, url: r.url })),
      ...postbacksOff.map((r) => ({
        kind: 'postback' as const,
        id: r.id,
        ownerId: r.publisher_id,
        url: r.url,
      })),
    ];

    const off = new Set(disabled.map((d) => d.id));
    const retries = failed.filter(
      (o) => o.retryAt !== null && !off.has(o.webhookId ?? '') && !off.has(o.postbackId ?? ''),
    );
    if (retries.length > 0) {
      const next = JSON.stringify(
        retries.map((o) => ({
          event_id: o.eventId,
          webhook_id: o.webhookId,
          postback_id: o.postbackId,
          type: o.type,
          attempt: o.attempt + 1,
          next_attempt_at: o.retryAt!.toISOString(),
        })),
      );
      await tx.execute(sql`
        insert into integration_deliveries (event_id, webhook_id, postback_id, type, attempt, next_attempt_at)
        select event_id, webhook_id, postback_id, type, attempt, next_attempt_at
        from json_to_recordset(${next}::json) as r(event_id uuid, webhook_id uuid, postback_id uuid,
          type text, attempt int, next_attempt_at timestamptz)`);
    }
    return disabled;
  });
}

/** Gives claimed deliveries back (due now): the process stops before it could send them. */
export async function releaseClaims(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update integration_deliveries set next_attempt_at = ${ts(now)} where id = any(${idList(ids)}::uuid[])`,
  );
}

/** Whether an event waits to be fanned out or a delivery is due (tests wait for the worker to settle). */
export async function hasPendingWork(db: Db, now: Date): Promise<boolean> {
  const [row] = await executeRows<{ pending: boolean }>(
    db,
    sql`select exists (select 1 from integration_events where fanned_out_at is null)
      or exists (select 1 from integration_deliveries where next_attempt_at <= ${ts(now)}) as pending`,
  );
  return row?.pending === true;
}
