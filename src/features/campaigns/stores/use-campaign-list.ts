import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  createCampaignListStore,
  type CampaignListState,
  type CampaignListStore,
} from './campaign-list-store';

/** One list store per mounted campaigns screen; it loads the first page when mounted. */
export function useCampaignList(): [CampaignListState, CampaignListStore] {
  const queryClient = useQueryClient();
  const [store] = useState(() => createCampaignListStore(queryClient));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  useEffect(() => {
    void store.fetchList();
  }, [store]);
  return [state, store];
}
