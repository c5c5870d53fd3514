// Wire types are shared with the server; the client imports only their types.
import type { GlobalSearchResults } from '../../../server/modules/search/schema';

export type {
  GlobalSearchResults,
  SearchResult,
  SearchResultType,
} from '../../../server/modules/search/schema';

export type SearchGroup = keyof GlobalSearchResults;

/**
 * Spotlight's groups in order (copied from the server's scopes); their headings are translated by key
 * (search catalog, "group.<key>").
 */
export const SEARCH_GROUPS: readonly { key: SearchGroup }[] = [
  { key: 'campaigns' },
  { key: 'publishers' },
  { key: 'advertisers' },
  { key: 'websites' },
  { key: 'applications' },
  { key: 'invoices' },
  { key: 'media' },
  { key: 'messages' },
];

/** Spec §9: search results stay cached for 5 minutes; at most 10 recent searches. */
export const SEARCH_CACHE_MS = 5 * 60 * 1000;
export const MAX_RECENT_SEARCHES = 10;
export const GLOBAL_SEARCH_LIMIT = 10;
