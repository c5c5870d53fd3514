export const pushKeys = {
  all: ['push'] as const,
  subscriptions: () => [...pushKeys.all, 'subscriptions'] as const,
};
