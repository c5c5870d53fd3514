export const searchKeys = {
  all: ['search'] as const,
  global: (q: string, limit: number) => [...searchKeys.all, 'global', { q, limit }] as const,
};
