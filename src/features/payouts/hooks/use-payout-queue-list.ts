import { useState } from 'react';
import { useUiPreferences } from '../../../lib/ui-preferences';
import { usePayouts } from '../api/get-payouts';
import { DEFAULT_QUEUE_FILTERS, type PayoutFilters } from '../types';

/**
 * What the payout queue shows: its filters and page (open payouts first) and that page of the list.
 * `onMove` runs when the filters or the page change (the rows on screen go).
 */
export function usePayoutQueueList({ onMove }: { onMove(): void }) {
  const [{ tablePageSize: limit }] = useUiPreferences();
  const [filters, setFilters] = useState<PayoutFilters>(DEFAULT_QUEUE_FILTERS);
  const [page, setPage] = useState(1);
  const list = usePayouts({ ...filters, page, limit });

  return {
    filters,
    page,
    pages: list.data ? Math.max(1, Math.ceil(list.data.total / limit)) : 1,
    list,
    items: list.data?.items ?? [],
    changeFilters: (next: PayoutFilters) => {
      setFilters(next);
      setPage(1);
      onMove();
    },
    changePage: (next: number) => {
      setPage(next);
      onMove();
    },
  };
}
