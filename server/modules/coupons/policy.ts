import type { UserRow } from '../../platform/current-user';

/** Who may give or revoke a campaign's codes: its advertiser and admins. */
export function canManageCoupons(user: UserRow, campaign: { advertiserId: string }): boolean {
  return user.role === 'admin' || (user.role === 'advertiser' && campaign.advertiserId === user.id);
}

/** Who may see a code: those who manage it and the publisher it was given to. */
export function canViewCoupon(user: UserRow, coupon: { advertiserId: string; publisherId: string }): boolean {
  return canManageCoupons(user, coupon) || (user.role === 'publisher' && coupon.publisherId === user.id);
}
