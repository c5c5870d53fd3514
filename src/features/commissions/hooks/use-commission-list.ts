import { isDay } from '../../../lib/date-range';
import { useUiPreferences } from '../../../lib/ui-preferences';
import { oneOf, pageParam, useUrlParams } from '../../../lib/use-url-params';
import { useCommissionTotals } from '../api/get-commission-totals';
import { useCommissions } from '../api/get-commissions';
import type { CommissionFilters } from '../types';
import { COMMISSION_STATUSES } from '../../../../contracts/commissions';

/** The filters and page in the URL (?status=approved&campaign_id=…&from=…&to=…&page=3; not
 * `campaign`, which opens a campaign's details on any page): a reload keeps them. */
const LIST_PARAMS = { status: 'all', campaign_id: '', from: '', to: '', page: '1' };

function filtersOf(params: typeof LIST_PARAMS): CommissionFilters {
  const from = isDay(params.from) ? params.from : null;
  const to = isDay(params.to) ? params.to : null;
  return {
    status: oneOf(params.status, COMMISSION_STATUSES, 'all'),
    campaign_id: params.campaign_id || null,
    from: from && to ? from : null,
    to: from && to ? to : null,
  };
}

/**
 * What the commissions screen shows: the filters and page (kept in the URL), that page of the list and
 * the totals for the filters. `onMove` runs when the filters or the page change (the rows on screen go).
 */
export function useCommissionList({ onMove }: { onMove(): void }) {
  const [{ tablePageSize: limit }] = useUiPreferences();
  const [params, setParams] = useUrlParams(LIST_PARAMS);
  const filters = filtersOf(params);
  const page = pageParam(params.page);
  const list = useCommissions({ ...filters, page, limit });
  const totals = useCommissionTotals({
    campaign_id: filters.campaign_id,
    from: filters.from,
    to: filters.to,
  });

  const changeFilters = (next: CommissionFilters) => {
    setParams({
      status: next.status,
      campaign_id: next.campaign_id ?? '',
      from: next.from ?? '',
      to: next.to ?? '',
      page: '1',
    });
    onMove();
  };
  const changePage = (next: number) => {
    setParams({ page: String(next) });
    onMove();
  };

  return {
    filters,
    page,
    pages: list.data ? Math.max(1, Math.ceil(list.data.total / limit)) : 1,
    list,
    items: list.data?.items ?? [],
    totals,
    changeFilters,
    changePage,
  };
}
