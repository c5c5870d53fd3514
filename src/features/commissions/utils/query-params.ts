import type { CommissionTotalsParams } from '../api/commission-keys';

/** The filter part of the query string shared by the list and the totals; unset filters are left out. */
export function filterParams({ campaign_id, from, to }: CommissionTotalsParams): Record<string, string> {
  return {
    ...(campaign_id ? { campaign_id } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}
