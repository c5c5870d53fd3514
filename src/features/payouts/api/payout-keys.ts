import type { PayoutFilters } from '../types';

export interface PayoutListParams extends PayoutFilters {
  page: number;
  limit: number;
}

export interface PayoutDetailParams {
  id: string;
  page: number;
  limit: number;
}

export const payoutKeys = {
  all: ['payouts'] as const,
  lists: () => [...payoutKeys.all, 'list'] as const,
  list: (params: PayoutListParams) => [...payoutKeys.lists(), params] as const,
  detail: (params: PayoutDetailParams) => [...payoutKeys.all, 'detail', params] as const,
  eligibility: () => [...payoutKeys.all, 'eligibility'] as const,
};

/** The list's query string: empty filters and status 'all' are left out. */
export function payoutQuery(filters: PayoutFilters) {
  return {
    ...(filters.status !== 'all' ? { status: filters.status } : {}),
    ...(filters.publisher_id ? { publisher_id: filters.publisher_id } : {}),
    ...(filters.currency ? { currency: filters.currency } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}
