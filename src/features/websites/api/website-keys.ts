export const websiteKeys = {
  all: ['websites'] as const,
  lists: () => [...websiteKeys.all, 'list'] as const,
  list: (params: { limit: number; offset: number }) => [...websiteKeys.lists(), params] as const,
  detail: (id: string) => [...websiteKeys.all, 'detail', id] as const,
};
