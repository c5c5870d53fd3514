import type { GlobalSearchResults } from '../../../../src/features/search/types';

/** An answer of GET /search: every group empty unless given. */
export function searchResults(overrides: Partial<GlobalSearchResults> = {}): GlobalSearchResults {
  return {
    campaigns: [],
    publishers: [],
    advertisers: [],
    websites: [],
    applications: [],
    invoices: [],
    media: [],
    messages: [],
    ...overrides,
  };
}
