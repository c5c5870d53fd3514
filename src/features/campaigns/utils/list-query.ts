import { DEFAULT_CAMPAIGN_FILTERS, type CampaignFilters } from '../types';
import { CAMPAIGN_STATUSES } from '../../../../contracts/campaigns';
import { CATEGORIES as CAMPAIGN_CATEGORIES } from '../../../../contracts/categories';

/** What the campaign list shows, as kept in the URL query so a reload (or a shared link) keeps it. */
export interface CampaignListQuery {
  filters: CampaignFilters;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** `?status=active&category=travel&q=boots&page=2` → filters and page; anything unknown is the default. */
export function parseCampaignListQuery(params: URLSearchParams): CampaignListQuery {
  const page = Number(params.get('page'));
  return {
    filters: {
      status: oneOf(CAMPAIGN_STATUSES, params.get('status')) ?? DEFAULT_CAMPAIGN_FILTERS.status,
      category: oneOf(CAMPAIGN_CATEGORIES, params.get('category')) ?? DEFAULT_CAMPAIGN_FILTERS.category,
      search: params.get('q')?.slice(0, 200) ?? DEFAULT_CAMPAIGN_FILTERS.search,
    },
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The query for a list state: defaults are left out (a plain /campaigns is the first page of
 * everything), and parameters the list does not own are kept.
 */
export function campaignListSearch(query: CampaignListQuery, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string, fallback: string) =>
    value === fallback ? next.delete(key) : next.set(key, value);
  set('status', query.filters.status, DEFAULT_CAMPAIGN_FILTERS.status);
  set('category', query.filters.category, DEFAULT_CAMPAIGN_FILTERS.category);
  set('q', query.filters.search, DEFAULT_CAMPAIGN_FILTERS.search);
  set('page', String(query.page), '1');
  return next;
}
