import type { DeliveryRow } from './queries';
import type { DeliveryWire } from './schema';

/** A log row as the API shows it: `created_at` is when it was sent (or queued, while still due). */
export function toDeliveryWire(row: DeliveryRow): DeliveryWire {
  return {
    id: row.id,
    event_id: row.eventId,
    type: row.type,
    attempt: row.attempt,
    status_code: row.statusCode,
    duration_ms: row.durationMs,
    response_excerpt: row.responseExcerpt,
    error: row.error,
    created_at: (row.attemptedAt ?? row.createdAt).toISOString(),
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
  };
}

/** What the routes need to tell the worker: new work is due now. */
export interface DeliveryKick {
  wake(): void;
}
