import type { Role } from '../../features/auth/types';

export interface QuickAction {
  /** Exact navigation target (spec §2); `/action=create` is literally that path. */
  to: string;
  label: string;
  description: string;
}

export const COMMON_QUICK_ACTIONS: readonly QuickAction[] = [
  { to: '/campaigns', label: 'Campaigns', description: 'Browse and manage campaigns.' },
  { to: '/messaging', label: 'Messages', description: 'Talk to advertisers, publishers and admins.' },
];

/** Role-specific quick actions, shown after the common ones (spec §2 table). */
export const ROLE_QUICK_ACTIONS: Readonly<Record<Role, readonly QuickAction[]>> = {
  advertiser: [
    { to: '/action=create', label: 'Create campaign', description: 'Start a new campaign.' },
    { to: '/publishers', label: 'Publishers', description: 'Find publishers for your campaigns.' },
    { to: '/media', label: 'Media library', description: 'Banners and creatives for your campaigns.' },
    { to: '/tracking', label: 'Tracking', description: 'Tracking links, postbacks and tests.' },
    { to: '/reports', label: 'Reports', description: 'Clicks, conversions and spend.' },
  ],
  publisher: [
    { to: '/websites', label: 'Websites', description: 'Add and verify your websites.' },
    { to: '/applications', label: 'Applications', description: 'Your applications to campaigns.' },
    { to: '/commissions', label: 'Commissions', description: 'What you have earned and been paid.' },
    { to: '/reports', label: 'Reports', description: 'Clicks, conversions and earnings.' },
  ],
  admin: [
    { to: '/admin-advertisers', label: 'Advertisers', description: 'Approve and manage advertisers.' },
    { to: '/admin-publishers', label: 'Publishers', description: 'Approve and manage publishers.' },
    { to: '/admin-applications', label: 'Applications', description: 'Review campaign applications.' },
    { to: '/admin-payouts', label: 'Payouts', description: 'Approve and record publisher payouts.' },
    { to: '/settings', label: 'Settings', description: 'Platform settings.' },
  ],
};

/** Common actions first, then the role's own; unknown roles get only the common ones. */
export function getQuickActions(role: string | null | undefined): QuickAction[] {
  const own = role && Object.hasOwn(ROLE_QUICK_ACTIONS, role) ? ROLE_QUICK_ACTIONS[role as Role] : [];
  return [...COMMON_QUICK_ACTIONS, ...own];
}
