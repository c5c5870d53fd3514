import type { UserRow } from '../../platform/current-user';

/** Who works the review queue: advertisers (their campaigns' commissions) and admins (all). */
export const canReviewFraud = (user: UserRow) => user.role === 'advertiser' || user.role === 'admin';

/** Who changes the platform's default thresholds. */
export const canEditFraudDefaults = (user: UserRow) => user.role === 'admin';
