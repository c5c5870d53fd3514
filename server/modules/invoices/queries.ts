import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { invoiceCounters, invoiceLines, invoices } from '../../db/schema/billing';
import { commissions } from '../../db/schema/commissions';
import { campaigns } from '../../db/schema/marketplace';
import { appSecrets } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import type { InvoiceStatus } from './schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;

export interface LineView {
  campaignId: string;
  campaignName: string;
  commissions: number;
  amountMinor: bigint;
}

export interface InvoiceView {
  invoice: InvoiceRow;
  advertiserName: string;
  lines: LineView[];
}

/** A month as the half-open UTC range [from, to). */
export interface MonthRange {
  from: Date;
  to: Date;
}

/** When a commission counts as approved: its decision, or its creation for one approved at birth. */
const approvedAt = sql`coalesce(${commissions.decidedAt}, ${commissions.createdAt})`;

/**
 * The commissions an invoice of `range` may bill: approved (or since paid out), not yet on an invoice,
 * not test events, approved within the month. Clawbacks are approved negative commissions: they count.
 */
function billable(range: MonthRange, advertiserId?: string): SQL | undefined {
  return and(
    inArray(commissions.status, ['approved', 'paid']),
    sql`${commissions.invoiceId} is null`,
    eq(commissions.isTest, false),
    sql`${approvedAt} >= ${range.from.toISOString()}::timestamptz`,
    sql`${approvedAt} < ${range.to.toISOString()}::timestamptz`,
    advertiserId ? eq(commissions.advertiserId, advertiserId) : undefined,
  );
}

/** Which advertiser and currency pairs have something to bill in the month. */
export async function billableGroups(
  db: Db,
  range: MonthRange,
  advertiserId?: string,
): Promise<{ advertiserId: string; currency: string }[]> {
  return db
    .selectDistinct({ advertiserId: commissions.advertiserId, currency: commissions.currency })
    .from(commissions)
    .where(billable(range, advertiserId))
    .orderBy(commissions.advertiserId, commissions.currency);
}

/**
 * Locks (FOR UPDATE, in id order so two generators never wait on each other crosswise) the billable
 * commissions of one advertiser and currency. A concurrent generator blocks here until the first commits,
 * then re-checks `invoice_id is null` on the new row versions and finds them billed: nothing is billed twice.
 */
export async function lockBillable(
  db: Db,
  range: MonthRange,
  advertiserId: string,
  currency: string,
): Promise<{ id: string; campaignId: string; amountMinor: number }[]> {
  return db
    .select({ id: commissions.id, campaignId: commissions.campaignId, amountMinor: commissions.amountMinor })
    .from(commissions)
    .where(and(billable(range, advertiserId), eq(commissions.currency, currency)))
    .orderBy(asc(commissions.id))
    .for('update');
}

export async function hasOpenInvoice(db: Db, advertiserId: string, month: string, currency: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.advertiserId, advertiserId),
        eq(invoices.month, month),
        eq(invoices.currency, currency),
        ne(invoices.status, 'void'),
      ),
    );
  return row !== undefined;
}

/**
 * The next invoice number of `year`. The upsert locks the year's counter row until the calling transaction
 * ends, so concurrent generators take turns and a rolled-back invoice gives its number back: no gaps.
 */
export async function nextInvoiceNumber(db: Db, year: number): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error('invoice counter upsert returned nothing');
  return row.lastNumber;
}

export async function insertInvoice(
  db: Db,
  values: NewInvoiceRow,
  lines: { campaignId: string; commissions: number; amountMinor: bigint }[],
  commissionIds: string[],
): Promise<InvoiceRow> {
  const [invoice] = await db.insert(invoices).values(values).returning();
  if (!invoice) throw new Error('invoice insert returned nothing');
  await db.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId: invoice.id })));
  await db
    .update(commissions)
    .set({ invoiceId: invoice.id, updatedAt: new Date() })
    .where(inArray(commissions.id, commissionIds));
  return invoice;
}

export interface InvoiceFilter {
  advertiserId?: string;
  statuses?: InvoiceStatus[];
  month?: string;
}

function where(filter: InvoiceFilter): SQL | undefined {
  return and(
    filter.advertiserId ? eq(invoices.advertiserId, filter.advertiserId) : undefined,
    filter.statuses ? inArray(invoices.status, filter.statuses) : undefined,
    filter.month ? eq(invoices.month, filter.month) : undefined,
  );
}

async function linesOf(db: Db, invoiceIds: string[]): Promise<Map<string, LineView[]>> {
  const byInvoice = new Map<string, LineView[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select({
      invoiceId: invoiceLines.invoiceId,
      campaignId: invoiceLines.campaignId,
      campaignName: campaigns.name,
      commissions: invoiceLines.commissions,
      amountMinor: invoiceLines.amountMinor,
    })
    .from(invoiceLines)
    .innerJoin(campaigns, eq(campaigns.id, invoiceLines.campaignId))
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(campaigns.name, invoiceLines.campaignId);
  for (const { invoiceId, ...line } of rows) byInvoice.get(invoiceId)?.push(line);
  return byInvoice;
}

async function withLines(db: Db, rows: { invoice: InvoiceRow; advertiserName: string }[]) {
  const lines = await linesOf(
    db,
    rows.map((r) => r.invoice.id),
  );
  return rows.map((r) => ({ ...r, lines: lines.get(r.invoice.id) ?? [] }));
}

const selectInvoices = (db: Db) =>
  db
    .select({ invoice: invoices, advertiserName: users.name })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.advertiserId));

export async function listInvoices(
  db: Db,
  filter: InvoiceFilter,
  page: { limit: number; offset: number },
): Promise<{ items: InvoiceView[]; total: number }> {
  const condition = where(filter);
  const [rows, [count]] = await Promise.all([
    selectInvoices(db)
      .where(condition)
      .orderBy(desc(invoices.month), desc(invoices.createdAt), desc(invoices.number))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(condition),
  ]);
  return { items: await withLines(db, rows), total: count?.n ?? 0 };
}

export async function findInvoiceViews(db: Db, ids: string[]): Promise<InvoiceView[]> {
  if (ids.length === 0) return [];
  return withLines(db, await selectInvoices(db).where(inArray(invoices.id, ids)));
}

/**
 * Moves an invoice from one of `from` to a new status in one statement; the WHERE re-checks the status,
 * so of two concurrent transitions only one wins. Returns the row it changed, else null.
 */
export async function transition(
  db: Db,
  id: string,
  from: readonly InvoiceStatus[],
  patch: Partial<NewInvoiceRow> & { status: InvoiceStatus },
): Promise<InvoiceRow | null> {
  const [row] = await db
    .update(invoices)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(invoices.id, id), inArray(invoices.status, [...from])))
    .returning();
  return row ?? null;
}

/** A voided invoice bills nothing: its commissions may go on the month's next invoice. */
export async function releaseCommissions(db: Db, invoiceId: string): Promise<number> {
  const rows = await db
    .update(commissions)
    .set({ invoiceId: null, updatedAt: new Date() })
    .where(eq(commissions.invoiceId, invoiceId))
    .returning({ id: commissions.id });
  return rows.length;
}

export const monthRange = (month: string): MonthRange => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
};

/**
 * The monthly job's claim: the last month some process took on, kept as a row of app_secrets (the one
 * key-value table there is). A compare-and-set on that row lets exactly one of several processes claim a
 * month; answers the month it replaced ('' on a first run), or null when the month was taken already.
 */
const JOB_KEY = 'job:invoices.monthly';

export async function claimJobMonth(db: Db, month: string): Promise<string | null> {
  await db.insert(appSecrets).values({ key: JOB_KEY, value: '' }).onConflictDoNothing();
  const [current] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.key, JOB_KEY));
  if (!current || current.value >= month) return null;
  const claimed = await db
    .update(appSecrets)
    .set({ value: month })
    .where(and(eq(appSecrets.key, JOB_KEY), eq(appSecrets.value, current.value)))
    .returning({ key: appSecrets.key });
  return claimed.length === 1 ? current.value : null;
}

/** Gives a claimed month back after a failed run, so the next check tries it again. */
export async function releaseJobMonth(db: Db, month: string, previous: string): Promise<void> {
  await db
    .update(appSecrets)
    .set({ value: previous })
    .where(and(eq(appSecrets.key, JOB_KEY), eq(appSecrets.value, month)));
}
