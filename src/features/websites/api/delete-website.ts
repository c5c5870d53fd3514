import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Website } from '../types';
import { websiteKeys } from './website-keys';

export async function deleteWebsite(id: string): Promise<void> {
  await api.delete(`/websites/${encodeURIComponent(id)}`);
}

export function useDeleteWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebsite,
    onSuccess: (_void, id) => {
      queryClient.removeQueries({ queryKey: websiteKeys.detail(id) });
      queryClient.setQueriesData<Website[]>({ queryKey: websiteKeys.lists() }, (list) =>
        list?.filter((w) => w.id !== id),
      );
    },
  });
}
