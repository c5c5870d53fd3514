import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Notification } from '../types';
import type { NotificationPage } from '../utils/notification-cache';
import { notificationKeys, type NotificationListParams } from './notification-keys';

export type { NotificationPage };

function totalFromHeader(value: unknown): number | null {
  const total = Number(value);
  return value === undefined || value === null || value === '' || !Number.isFinite(total) ? null : total;
}

/** The query string of the list variant: 'all' filters and an is_read of null are left out (spec §7). */
export function notificationListQuery(params: NotificationListParams): Record<string, string | number> {
  return {
    limit: params.limit,
    ...(params.category !== 'all' ? { category: params.category } : {}),
    ...(params.priority !== 'all' ? { priority: params.priority } : {}),
    ...(params.is_read !== null ? { is_read: String(params.is_read) } : {}),
  };
}

/** Newest first, archived excluded (server side). */
export async function getNotifications(params: NotificationListParams): Promise<NotificationPage> {
  const { data, headers } = await api.get<Notification[]>('/notifications/', {
    params: notificationListQuery(params),
  });
  return { items: data, total: totalFromHeader(headers['x-total-count']) };
}

export const getNotificationsQueryOptions = (params: NotificationListParams) =>
  queryOptions({ queryKey: notificationKeys.list(params), queryFn: () => getNotifications(params) });

export function useNotifications(params: NotificationListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getNotificationsQueryOptions(params), placeholderData: keepPreviousData, ...options });
}
