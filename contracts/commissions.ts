export const COMMISSION_STATUSES = ['pending', 'approved', 'rejected', 'reversed', 'paid'] as const;

export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
