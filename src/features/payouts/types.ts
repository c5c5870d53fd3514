import type { z } from 'zod';
import type {
  BulkResult,
  Eligibility,
  Payout,
  PayoutDetail,
  payoutCommissionSchema,
} from '../../../server/modules/payouts/schema';
import type { PayoutStatus } from '../../../contracts/payouts';

// Wire types are shared with the server; the client imports only their types.
export type { BulkResult, Eligibility, Payout, PayoutDetail, PayoutStatus };
export type EligibilityBalance = Eligibility['balances'][number];
export type PayoutCommission = z.infer<typeof payoutCommissionSchema>;

export const PAYOUT_STATUS_COLORS: Record<PayoutStatus, string> = {
  requested: 'yellow',
  processing: 'blue',
  paid: 'green',
  failed: 'red',
};

/** The queue's filters; empty values and status 'all' are left out of the query. Dates are UTC days. */
export interface PayoutFilters {
  status: 'all' | 'open' | PayoutStatus;
  publisher_id: string | null;
  currency: string | null;
  /** YYYY-MM-DD */
  from: string | null;
  /** YYYY-MM-DD */
  to: string | null;
}

export const DEFAULT_QUEUE_FILTERS: PayoutFilters = {
  status: 'open',
  publisher_id: null,
  currency: null,
  from: null,
  to: null,
};

export const HISTORY_FILTERS: PayoutFilters = { ...DEFAULT_QUEUE_FILTERS, status: 'all' };
