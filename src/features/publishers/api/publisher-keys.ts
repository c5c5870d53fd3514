export interface PublisherListParams {
  search: string;
  page: number;
  limit: number;
}

export const publisherKeys = {
  all: ['publishers'] as const,
  lists: () => [...publisherKeys.all, 'list'] as const,
  /** the quick search (`/api/search/...` scoped endpoint) */
  search: (q: string) => [...publisherKeys.all, 'search', q] as const,
  list: (params: PublisherListParams) => [...publisherKeys.lists(), params] as const,
  detail: (id: string) => [...publisherKeys.all, 'detail', id] as const,
};
