import type { QueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserDetail } from '../types';
import type { Page } from '../utils/total-count';
import { adminKeys } from './admin-keys';

/**
 * After a status or role change: show the changed user at once in every cached list and in the drawer,
 * then refetch in the background (a status filter may no longer match, campaigns may have paused).
 */
export function applyUserChange(queryClient: QueryClient, changed: AdminUser): void {
  queryClient.setQueriesData<Page<AdminUser>>({ queryKey: adminKeys.userLists() }, (page) =>
    page ? { ...page, items: page.items.map((u) => (u.id === changed.id ? { ...u, ...changed } : u)) } : page,
  );
  queryClient.setQueryData<AdminUserDetail>(adminKeys.userDetail(changed.id), (detail) =>
    detail ? { ...detail, ...changed } : detail,
  );
  void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
}
