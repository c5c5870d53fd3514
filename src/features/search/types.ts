// Wire types are shared with the server; the client imports only their types.
import { SEARCH_SCOPES, type SearchScopeName } from '../../../contracts/search';

export type { GlobalSearchResults, SearchResult } from '../../../server/modules/search/schema';
export type { SearchResultType } from '../../../contracts/search';

export type SearchGroup = SearchScopeName;

const GROUP_LABELS: Record<SearchGroup, string> = {
  campaigns: 'Campaigns',
  publishers: 'Publishers',
  advertisers: 'Advertisers',
  websites: 'Websites',
  applications: 'Applications',
  invoices: 'Invoices',
  media: 'Media',
  messages: 'Messages',
};

/** Spotlight's groups in the server's scope order, with their headings. */
export const SEARCH_GROUPS: readonly { key: SearchGroup; label: string }[] = SEARCH_SCOPES.map((key) => ({
  key,
  label: GROUP_LABELS[key],
}));

/** Spec §9: search results stay cached for 5 minutes; at most 10 recent searches. */
export const SEARCH_CACHE_MS = 5 * 60 * 1000;
export const MAX_RECENT_SEARCHES = 10;
export const GLOBAL_SEARCH_LIMIT = 10;
/** Spec §8. */
export const SEARCH_FAILED_TEXT = 'Search failed. Please try again.';
