import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { invoices } from '../../db/schema/billing';
import { profiles, users } from '../../db/schema/users';
import type { UserRow } from '../../platform/current-user';
import { matches, rank } from './match';
import { answer, joinParts, label, NOTHING, type ScopeSearch, asScore, BEST_FIRST } from './types';

/**
 * The invoices list's rule (invoices/service.ts `scopeFor`, not exported there): admins every invoice,
 * an advertiser their own once issued (drafts are the platform's work in progress), publishers none.
 */
const ADVERTISER_STATUSES = ['issued', 'paid', 'void'] as const;

function visibleInvoices(user: UserRow): SQL | undefined {
  if (user.role === 'admin') return undefined;
  return and(eq(invoices.advertiserId, user.id), inArray(invoices.status, [...ADVERTISER_STATUSES]));
}

const advertiserName = sql<string>`coalesce(nullif(${profiles.companyName}, ''), ${users.name})`;

/** By number (INV-2026-0042) and by the advertiser's name or company. */
export const searchInvoices: ScopeSearch = async (db, user, term, page) => {
  if (user.role === 'publisher') return NOTHING;
  const condition = and(
    visibleInvoices(user),
    matches(term, [invoices.number, users.name, profiles.companyName]),
  );
  const score = asScore(rank(term, invoices.number, [invoices.number, users.name, profiles.companyName]));
  return answer(
    page,
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        month: invoices.month,
        status: invoices.status,
        advertiserName,
        score,
      })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.advertiserId))
      .leftJoin(profiles, eq(profiles.userId, invoices.advertiserId))
      .where(condition)
      .orderBy(BEST_FIRST, desc(invoices.month), asc(invoices.number))
      .limit(page.limit)
      .offset(page.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.advertiserId))
        .leftJoin(profiles, eq(profiles.userId, invoices.advertiserId))
        .where(condition),
    (rows) =>
      rows.map((r) => ({
        rank: r.score,
        result: {
          id: r.id,
          type: 'invoice',
          title: r.number,
          subtitle: joinParts(user.role === 'admin' ? r.advertiserName : null, label(r.status)),
          date: r.month,
          url: `/invoices?id=${r.id}`,
        },
      })),
  );
};
