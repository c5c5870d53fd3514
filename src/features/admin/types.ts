import type { Role, UserStatus } from '../../../contracts/users';
import type { AdminUser } from '../../../server/modules/admin/schema';

// Wire types are shared with the server; the client imports only their types.
export type { AdminUser, AdminUserDetail, AuditEntry } from '../../../server/modules/admin/schema';
export type { Role, UserStatus };
export type { UserSort as UserSortField } from '../../../contracts/users';
export type SortOrder = 'asc' | 'desc';

export const STATUS_COLORS: Record<UserStatus, string> = {
  pending: 'yellow',
  active: 'green',
  suspended: 'red',
};

/** The name an admin recognises a user by: company or display name first, else the account name. */
export function userLabel(user: Pick<AdminUser, 'name' | 'company_name' | 'display_name'>): string {
  return user.company_name || user.display_name || user.name;
}
