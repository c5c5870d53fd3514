import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { invoices, payouts } from '../../db/schema/billing';
import { commissions } from '../../db/schema/commissions';
import { applications, campaigns, websites } from '../../db/schema/marketplace';
import { conversions } from '../../db/schema/tracking';
import { users } from '../../db/schema/users';
import type { CurrencyCode } from '../../platform/currency-codes';
import { hasMessage, translator, type Language } from '../../platform/i18n';
import { formatMinor } from '../../platform/money';

/**
 * An audit entry's object in words (in the reading admin's language: server/locales/<language>/audit.json),
 * with the client route that opens it and what it belongs to.
 */
export interface EntityName {
  label: string;
  url: string | null;
  context?: { label: string; url: string | null };
}

const campaignUrl = (id: string) => `/campaigns?campaign=${id}`;
const publisherUrl = (id: string) => `/publishers?publisher=${id}`;
const userUrl = (id: string, role: string) =>
  role === 'publisher' ? publisherUrl(id) : role === 'advertiser' ? `/campaigns?advertiser=${id}` : null;
const named = (name: string, email: string) => (name.trim() ? name : email);

type Translate = ReturnType<typeof translator>;
type Resolver = (db: Db, ids: string[], t: Translate) => Promise<[string, EntityName][]>;

const RESOLVERS: Record<string, Resolver> = {
  commission: async (db, ids, t) => {
    const publisher = alias(users, 'publisher');
    const rows = await db
      .select({
        id: commissions.id,
        kind: commissions.kind,
        orderId: conversions.orderId,
        campaignId: campaigns.id,
        campaignName: campaigns.name,
        publisherName: publisher.name,
      })
      .from(commissions)
      .innerJoin(campaigns, eq(campaigns.id, commissions.campaignId))
      .innerJoin(publisher, eq(publisher.id, commissions.publisherId))
      .leftJoin(conversions, eq(conversions.id, commissions.conversionId))
      .where(inArray(commissions.id, ids));
    return rows.map((r) => [
      r.id,
      {
        label: `${
          r.orderId
            ? t('audit:entity.commissionOfOrder', { kind: r.kind, order: r.orderId })
            : t('audit:entity.commission', { kind: r.kind })
        }${r.publisherName ? ` (${r.publisherName})` : ''}`,
        url: `/commissions?campaign_id=${r.campaignId}`,
        context: { label: r.campaignName, url: campaignUrl(r.campaignId) },
      },
    ]);
  },
  application: async (db, ids, t) => {
    const rows = await db
      .select({
        id: applications.id,
        campaignId: campaigns.id,
        campaignName: campaigns.name,
        websiteName: websites.name,
        publisherId: applications.publisherId,
      })
      .from(applications)
      .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
      .innerJoin(websites, eq(websites.id, applications.websiteId))
      .where(inArray(applications.id, ids));
    return rows.map((r) => [
      r.id,
      {
        label: t('audit:entity.application', { website: r.websiteName }),
        url: `/campaigns?applications=${r.campaignId}`,
        context: { label: r.campaignName, url: campaignUrl(r.campaignId) },
      },
    ]);
  },
  campaign: async (db, ids, t) => {
    const rows = await db
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(inArray(campaigns.id, ids));
    return rows.map((r) => [
      r.id,
      { label: t('audit:entity.campaign', { name: r.name }), url: campaignUrl(r.id) },
    ]);
  },
  invoice: async (db, ids, t) => {
    const rows = await db
      .select({
        id: invoices.id,
        number: invoices.number,
        advertiserId: users.id,
        name: users.name,
        email: users.email,
      })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.advertiserId))
      .where(inArray(invoices.id, ids));
    return rows.map((r) => [
      r.id,
      {
        label: t('audit:entity.invoice', { number: r.number }),
        url: `/invoices?id=${r.id}`,
        context: { label: named(r.name, r.email), url: userUrl(r.advertiserId, 'advertiser') },
      },
    ]);
  },
  payout: async (db, ids, t) => {
    const rows = await db
      .select({
        id: payouts.id,
        amountMinor: payouts.amountMinor,
        currency: payouts.currency,
        publisherId: users.id,
        name: users.name,
        email: users.email,
      })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.publisherId))
      .where(inArray(payouts.id, ids));
    return rows.map((r) => [
      r.id,
      {
        label: t('audit:entity.payout', { amount: formatMinor(r.amountMinor, r.currency as CurrencyCode) }),
        url: '/admin-payouts',
        context: { label: named(r.name, r.email), url: publisherUrl(r.publisherId) },
      },
    ]);
  },
  user: async (db, ids, t) => {
    const rows = await db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(inArray(users.id, ids));
    return rows.map((r) => [
      r.id,
      {
        label: t('audit:entity.user', { role: r.role, name: named(r.name, r.email) }),
        url: userUrl(r.id, r.role),
      },
    ]);
  },
  website: async (db, ids, t) => {
    const rows = await db
      .select({
        id: websites.id,
        name: websites.name,
        url: websites.url,
        publisherId: users.id,
        publisherName: users.name,
        email: users.email,
      })
      .from(websites)
      .innerJoin(users, eq(users.id, websites.publisherId))
      .where(inArray(websites.id, ids));
    return rows.map((r) => [
      r.id,
      {
        label: t('audit:entity.website', { name: r.name, url: r.url }),
        url: publisherUrl(r.publisherId),
        context: { label: named(r.publisherName, r.email), url: publisherUrl(r.publisherId) },
      },
    ]);
  },
};

/**
 * Names the objects of a page of audit entries, a few queries per entity type (not one per entry).
 * Objects deleted since, or of a type without a resolver, are left out: the entry keeps its bare id.
 */
export async function resolveEntityNames(
  db: Db,
  entries: { entityType: string; entityId: string | null }[],
  language: Language = 'en',
): Promise<Map<string, EntityName>> {
  const t = translator(language);
  const byType = new Map<string, Set<string>>();
  for (const e of entries) {
    if (!e.entityId || !RESOLVERS[e.entityType]) continue;
    byType.set(e.entityType, (byType.get(e.entityType) ?? new Set()).add(e.entityId));
  }
  const names = new Map<string, EntityName>();
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const valid = [...ids].filter((id) => UUID.test(id));
      if (valid.length === 0) return;
      for (const [id, name] of await RESOLVERS[type]!(db, valid, t)) names.set(`${type}:${id}`, name);
    }),
  );
  return names;
}

/**
 * "invoice.generated" → "generated" / "dannede": the catalog's verb for the action's last part; one
 * without a verb yet reads as its code in words ("settings_changed" → "settings changed").
 */
export function actionVerb(action: string, language: Language = 'en'): string {
  const suffix = action.includes('.') ? action.slice(action.indexOf('.') + 1) : action;
  const key = `audit:verb.${suffix}`;
  return hasMessage(language, key) ? translator(language)(key) : suffix.replaceAll('_', ' ');
}

/** Who did it: the actor's name or e-mail, else a deleted user's or the system's (jobs) word for it. */
export function actorName(
  name: string | null,
  email: string | null,
  actorId: string | null,
  language: Language = 'en',
): string {
  const t = translator(language);
  return name?.trim() || email || (actorId ? t('audit:actor.deleted') : t('audit:actor.system'));
}

/** The sentence an entry reads as: "Alice approved commission of order A-1 on Northwind Journal". */
export function describeEntry(
  actor: string,
  action: string,
  entityType: string,
  entityId: string | null,
  name: EntityName | undefined,
  language: Language = 'en',
): string {
  const t = translator(language);
  const object =
    name?.label ??
    (entityType === 'settings'
      ? t('audit:entity.settings')
      : entityId
        ? t('audit:entity.bare', { type: entityType, id: entityId })
        : entityType);
  const verb = actionVerb(action, language);
  return name?.context
    ? t('audit:sentenceOn', { actor, verb, object, context: name.context.label })
    : t('audit:sentence', { actor, verb, object });
}
