// Wire types are shared with the server; the client imports only their types.
import { SEARCH_SCOPES, type SearchScopeName } from '../../../contracts/search';

export type { GlobalSearchResults, SearchResult } from '../../../server/modules/search/schema';
export type { SearchResultType } from '../../../contracts/search';

export type SearchGroup = SearchScopeName;

/**
 * Spotlight's groups in the server's scope order; their headings are translated by key (search catalog,
 * "group.<key>").
 */
export const SEARCH_GROUPS: readonly { key: SearchGroup }[] = SEARCH_SCOPES.map((key) => ({ key }));

/** Spec §9: search results stay cached for 5 minutes; at most 10 recent searches. */
export const SEARCH_CACHE_MS = 5 * 60 * 1000;
export const MAX_RECENT_SEARCHES = 10;
export const GLOBAL_SEARCH_LIMIT = 10;
