import { eq } from 'drizzle-orm';
import { DUE_DAYS, generateInvoices, issuedNotice, previousMonth } from '../modules/invoices/service';
import type { Db } from '../db/connection';
import type { DemoUsers } from './demo-users';
import { invoices } from '../db/schema/billing';
import { notifications } from '../db/schema/notifications';
import { languageOf, render } from '../platform/i18n';
import { auditLog } from '../db/schema/platform';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Midnight UTC of the 1st of the month `month` (YYYY-MM). */
const firstOf = (month: string) => new Date(`${month}-01T00:00:00Z`);

/**
 * The demo's invoices, made by the real generator as the monthly job would have on the 1st: Alice's of
 * two months ago issued and paid, her first of last month issued (the one the e2e downloads), the rest
 * of last month's drafts waiting for an admin (Bob's among them). Runs inside the seed's transaction.
 */
export async function seedDemoInvoices(
  db: Db,
  users: DemoUsers,
  adminId: string | null,
  now = new Date(),
): Promise<void> {
  const lastMonth = previousMonth(now);
  const monthBefore = previousMonth(firstOf(lastMonth));
  const alice = users.advertisers.alice.id;
  // the job's run in the small hours of the 1st (never later than now)
  const runOf = (month: string) =>
    new Date(Math.min(now.getTime() - HOUR_MS, firstOf(nextMonth(month)).getTime() + 2 * HOUR_MS));

  const older = await generateInvoices(
    db,
    { month: monthBefore },
    { actorId: null, now: runOf(monthBefore) },
  );
  for (const invoice of older.filter((i) => i.advertiser_id === alice)) {
    const issuedAt = new Date(runOf(monthBefore).getTime() + 7 * HOUR_MS);
    await setStatus(db, invoice.id, adminId, 'issued', { issuedAt, dueAt: due(issuedAt) });
    const paidAt = new Date(Math.min(now.getTime() - HOUR_MS, issuedAt.getTime() + 12 * DAY_MS));
    await setStatus(db, invoice.id, adminId, 'paid', { paidAt });
  }

  const recent = await generateInvoices(db, { month: lastMonth }, { actorId: null, now: runOf(lastMonth) });
  const aliceRecent = recent.find((i) => i.advertiser_id === alice);
  if (aliceRecent) {
    const issuedAt = new Date(
      Math.min(now.getTime() - 30 * 60_000, runOf(lastMonth).getTime() + 7 * HOUR_MS),
    );
    await setStatus(db, aliceRecent.id, adminId, 'issued', { issuedAt, dueAt: due(issuedAt) });
    const notice = issuedNotice({
      id: aliceRecent.id,
      number: aliceRecent.number,
      totalMinor: aliceRecent.total_minor,
      currency: aliceRecent.currency,
      month: lastMonth,
      dueAt: due(issuedAt),
    });
    const language = await languageOf(db, alice);
    await db.insert(notifications).values({
      userId: alice,
      ...notice,
      title: render(language, notice.title),
      body: render(language, notice.body),
      createdAt: issuedAt,
    });
  }
}

/** The month after `month`: its invoices are made on that month's 1st. */
function nextMonth(month: string): string {
  const d = firstOf(month);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
}

const due = (issuedAt: Date) => new Date(issuedAt.getTime() + DUE_DAYS * DAY_MS);

async function setStatus(
  db: Db,
  id: string,
  adminId: string | null,
  status: 'issued' | 'paid',
  patch: Partial<typeof invoices.$inferInsert>,
): Promise<void> {
  const before = status === 'issued' ? 'draft' : 'issued';
  const at = patch.issuedAt ?? patch.paidAt ?? new Date();
  await db
    .update(invoices)
    .set({ status, ...patch, updatedAt: at })
    .where(eq(invoices.id, id));
  await db.insert(auditLog).values({
    actorId: adminId,
    action: `invoice.${status}`,
    entityType: 'invoice',
    entityId: id,
    before: { status: before },
    after: { status },
    createdAt: at,
  });
}
