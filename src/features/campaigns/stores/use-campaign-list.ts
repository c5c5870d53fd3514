import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { campaignListSearch, parseCampaignListQuery } from '../utils/list-query';
import {
  createCampaignListStore,
  type CampaignListState,
  type CampaignListStore,
} from './campaign-list-store';

/**
 * One list store per mounted campaigns screen; it loads the first page when mounted. Filters and page
 * start from the URL query and are written back to it (replacing the entry), so a reload keeps them.
 */
export function useCampaignList(): [CampaignListState, CampaignListStore] {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [store] = useState(() => createCampaignListStore(queryClient, parseCampaignListQuery(searchParams)));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  useEffect(() => {
    void store.fetchList();
  }, [store]);

  // While the screen is open the list owns these parameters; navigating only on a real change keeps a
  // plain /campaigns (and /action=create) untouched.
  const { filters, pagination } = state;
  useEffect(() => {
    const next = campaignListSearch({ filters, page: pagination.page }, searchParams);
    if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true });
  }, [filters, pagination.page, searchParams, setSearchParams]);
  return [state, store];
}
