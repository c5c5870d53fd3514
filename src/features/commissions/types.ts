import type { z } from 'zod';
import type { CommissionStatus } from '../../../contracts/commissions';
import type {
  balanceSchema,
  bulkMatchingResultSchema,
  bulkResultSchema,
  Commission,
  totalsSchema,
} from '../../../server/modules/commissions/schema';

// Wire types are shared with the server; the client imports only their types.
export type { Commission, CommissionStatus };
export type CommissionTotal = z.infer<typeof totalsSchema>[number];
export type CommissionBalance = z.infer<typeof balanceSchema>[number];
export type BulkResult = z.infer<typeof bulkResultSchema>;
export type BulkMatchingResult = z.infer<typeof bulkMatchingResultSchema>;

export const COMMISSION_STATUS_COLORS: Record<CommissionStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  reversed: 'orange',
  paid: 'blue',
};

/** List filters: status 'all' and empty values are left out of the query. Dates are inclusive UTC days. */
export interface CommissionFilters {
  status: 'all' | CommissionStatus;
  campaign_id: string | null;
  /** YYYY-MM-DD */
  from: string | null;
  /** YYYY-MM-DD */
  to: string | null;
}

/** Who looks at the commissions; advertisers and admins decide them, publishers only read. */
export type CommissionViewer = 'advertiser' | 'publisher' | 'admin';
