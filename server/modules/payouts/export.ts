import type { Db } from '../../db/connection';
import { toCsv } from '../../platform/csv';
import { isSupportedCurrency } from '../../platform/currency-codes';
import { minorToMajorText } from '../../platform/money';
import type { UserRow } from '../../platform/current-user';
import type { ListPayoutsQuery } from './schema';
import { listPayouts } from './service';

/** The export holds every matching payout up to this many. */
export const CSV_ROW_CAP = 10_000;

const HEADER = [
  'id',
  'created_at',
  'publisher_id',
  'publisher_name',
  'publisher_email',
  'status',
  'amount',
  'currency',
  'commission_count',
  'payout_method',
  'payout_details',
  'reference',
  'approved_at',
  'paid_at',
  'failed_at',
  'failure_reason',
] as const;

/**
 * The queue with the list's filters as CSV (newest first): money in major units like the reports export,
 * text cells formula-safe (server/platform/csv.ts), so the finance team can open it in a spreadsheet.
 */
export async function exportPayoutsCsv(
  db: Db,
  user: UserRow,
  query: ListPayoutsQuery,
): Promise<{ csv: string; total: number }> {
  const { items, total } = await listPayouts(db, user, { ...query, limit: CSV_ROW_CAP, offset: 0 });
  const rows = items.map((p) => [
    p.id,
    p.created_at,
    p.publisher_id,
    p.publisher_name,
    p.publisher_email,
    p.status,
    isSupportedCurrency(p.currency) ? minorToMajorText(p.amount_minor, p.currency) : p.amount_minor,
    p.currency,
    p.commission_count,
    p.payout_method,
    p.payout_details,
    p.reference,
    p.approved_at,
    p.paid_at,
    p.failed_at,
    p.failure_reason,
  ]);
  return { csv: toCsv(HEADER, rows), total };
}
