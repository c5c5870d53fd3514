// The scopes of global search, shared by the server's routes and answers and the client's result groups.

/** The scopes of search, as in the URL (`/api/search/{scope}`) and the keys of a global answer, in order. */
export const SEARCH_SCOPES = [
  'campaigns',
  'publishers',
  'advertisers',
  'websites',
  'applications',
  'invoices',
  'media',
  'messages',
] as const;
export type SearchScopeName = (typeof SEARCH_SCOPES)[number];

/** An item's `type`: the scope's name in the singular. */
export const RESULT_TYPES = [
  'campaign',
  'publisher',
  'advertiser',
  'website',
  'application',
  'invoice',
  'media',
  'message',
] as const;
export type SearchResultType = (typeof RESULT_TYPES)[number];
