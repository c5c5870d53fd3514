// Wire types are shared with the server; the client imports only their types.
import type { GlobalSearchResults } from '../../../server/modules/search/schema';

export type {
  GlobalSearchResults,
  SearchResult,
  SearchResultType,
} from '../../../server/modules/search/schema';

export type SearchGroup = keyof GlobalSearchResults;

/** Spotlight's groups in order, with their headings (copied from the server's scopes). */
export const SEARCH_GROUPS: readonly { key: SearchGroup; label: string }[] = [
  { key: 'campaigns', label: 'Campaigns' },
  { key: 'publishers', label: 'Publishers' },
  { key: 'advertisers', label: 'Advertisers' },
  { key: 'websites', label: 'Websites' },
  { key: 'applications', label: 'Applications' },
  { key: 'invoices', label: 'Invoices' },
  { key: 'media', label: 'Media' },
  { key: 'messages', label: 'Messages' },
];

/** Spec §9: search results stay cached for 5 minutes; at most 10 recent searches. */
export const SEARCH_CACHE_MS = 5 * 60 * 1000;
export const MAX_RECENT_SEARCHES = 10;
export const GLOBAL_SEARCH_LIMIT = 10;
/** Spec §8. */
export const SEARCH_FAILED_TEXT = 'Search failed. Please try again.';
