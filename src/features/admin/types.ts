import type { Role, UserStatus } from '../../../server/modules/users/schema';

// Wire shapes of the admin API (snake_case, see the issue #6 contract). Written out here because the
// client may import only types from server/, and these describe what the client relies on.
export type { Role, UserStatus };

// Copied from server/modules/users/schema.ts (the client may import only types from server/).
export const USER_ROLES = ['advertiser', 'publisher', 'admin'] as const satisfies readonly Role[];
export const USER_STATUSES = ['pending', 'active', 'suspended'] as const satisfies readonly UserStatus[];

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: UserStatus;
  country: string | null;
  company_name: string | null;
  display_name: string | null;
  onboarding_completed: boolean;
  preferred_currency: string | null;
  created_at: string;
  campaigns_count: number;
  websites_count: number;
  applications_count: number;
}

export interface AdminUserProfile {
  company_name: string | null;
  website: string | null;
  billing_address: string | null;
  vat_id: string | null;
  display_name: string | null;
  payout_method: string | null;
  payout_details: string | null;
  tax_id: string | null;
  country: string | null;
}

export interface CommissionTotal {
  currency: string;
  pending_minor: number;
  approved_minor: number;
  paid_minor: number;
}

export interface AdminUserDetail extends AdminUser {
  profile: AdminUserProfile;
  websites: { id: string; url: string; name: string; verification_status: string }[];
  campaigns: { id: string; name: string; status: string; currency: string }[];
  commission_totals: CommissionTotal[];
}

export const USER_SORT_FIELDS = ['created_at', 'name', 'email', 'status'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

export interface AuditEntry {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
}

export const ROLE_LABELS: Record<Role, string> = {
  advertiser: 'Advertiser',
  publisher: 'Publisher',
  admin: 'Admin',
};

export const STATUS_LABELS: Record<UserStatus, string> = {
  pending: 'Pending approval',
  active: 'Active',
  suspended: 'Suspended',
};

export const STATUS_COLORS: Record<UserStatus, string> = {
  pending: 'yellow',
  active: 'green',
  suspended: 'red',
};

/** The name an admin recognises a user by: company or display name first, else the account name. */
export function userLabel(user: Pick<AdminUser, 'name' | 'company_name' | 'display_name'>): string {
  return user.company_name || user.display_name || user.name;
}
