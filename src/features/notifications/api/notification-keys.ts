import type { NotificationFilters } from '../types';

export interface NotificationListParams extends NotificationFilters {
  limit: number;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.lists(), params] as const,
  stats: () => [...notificationKeys.all, 'stats'] as const,
  enhancedStats: () => [...notificationKeys.all, 'enhanced-stats'] as const,
  profileCompletion: () => [...notificationKeys.all, 'profile-completion'] as const,
  actionRequired: (limit: number) => [...notificationKeys.all, 'action-required', limit] as const,
  /** Mutations that change cached notifications share this key (see onSettled in their files). */
  mutation: () => [...notificationKeys.all, 'mutation'] as const,
};
