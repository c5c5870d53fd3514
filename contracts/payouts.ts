export const PAYOUT_STATUSES = ['requested', 'processing', 'paid', 'failed'] as const;

export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
