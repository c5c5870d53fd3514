import type { CommissionFilters } from '../types';

export interface CommissionListParams extends CommissionFilters {
  page: number;
  limit: number;
}

/** Totals use the list's filters minus status and paging. */
export type CommissionTotalsParams = Omit<CommissionFilters, 'status'>;

export const commissionKeys = {
  all: ['commissions'] as const,
  lists: () => [...commissionKeys.all, 'list'] as const,
  list: (params: CommissionListParams) => [...commissionKeys.lists(), params] as const,
  totals: (params: CommissionTotalsParams) => [...commissionKeys.all, 'totals', params] as const,
  balance: () => [...commissionKeys.all, 'balance'] as const,
};
