import type { SortOrder, UserSortField } from '../types';

export interface AdminUserListParams {
  role: 'advertiser' | 'publisher' | 'admin';
  status: 'all' | 'pending' | 'active' | 'suspended';
  /** two-letter code or '' for every country */
  country: string;
  search: string;
  sort: UserSortField;
  order: SortOrder;
  page: number;
  limit: number;
}

export interface AdminApplicationListParams {
  status: string;
  search: string;
  publisher_id: string | null;
  page: number;
  limit: number;
}

export interface AuditLogFilters {
  action: string;
  entity_type: string;
  /** YYYY-MM-DD or '' */
  from: string;
  to: string;
}

export interface AuditLogListParams extends AuditLogFilters {
  page: number;
  limit: number;
}

// The admin's lists (accounts, applications, audit log) are persisted like every role's main pages, in
// the admin's own per-user cache, so they show offline; platform settings keep the first key part 'admin',
// which never reaches storage (see lib/query-client.ts).
export const adminKeys = {
  all: ['admin-lists'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userLists: () => [...adminKeys.users(), 'list'] as const,
  userList: (params: AdminUserListParams) => [...adminKeys.userLists(), params] as const,
  userDetail: (id: string) => [...adminKeys.users(), 'detail', id] as const,
  publisherOptions: () => [...adminKeys.users(), 'publisher-options'] as const,
  applications: () => [...adminKeys.all, 'applications'] as const,
  applicationList: (params: AdminApplicationListParams) => [...adminKeys.applications(), params] as const,
  auditLog: () => [...adminKeys.all, 'audit-log'] as const,
  auditLogList: (params: AuditLogListParams) => [...adminKeys.auditLog(), params] as const,
  auditActions: () => [...adminKeys.auditLog(), 'actions'] as const,
};
