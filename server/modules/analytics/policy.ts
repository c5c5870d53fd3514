import type { UserRow } from '../../platform/current-user';

/** Which rows of the statistics a caller sees; every field set narrows (they combine with AND). */
export interface StatsScope {
  advertiserId?: string;
  publisherId?: string;
  campaignId?: string;
}

/**
 * Who sees which statistics, for dashboards and reports alike: an advertiser the rows of their own
 * campaigns, a publisher their own rows, an admin everything. Filters narrow within that scope, so a
 * campaign of another advertiser gives no rows, not someone else's numbers. A publisher naming another
 * publisher also gets nothing (null), as the applications list does: an empty answer, not a 403, so the
 * filter never tells whether that publisher exists.
 */
export function statsScopeFor(
  user: UserRow,
  filters: { campaignId?: string; publisherId?: string } = {},
): StatsScope | null {
  const { campaignId, publisherId } = filters;
  if (user.role === 'publisher') {
    if (publisherId && publisherId !== user.id) return null;
    return { publisherId: user.id, campaignId };
  }
  if (user.role === 'advertiser') return { advertiserId: user.id, publisherId, campaignId };
  return { publisherId, campaignId };
}
