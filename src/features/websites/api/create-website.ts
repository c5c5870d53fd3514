import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Website } from '../types';
import { websiteInputSchema, type WebsiteInput } from './website-input-schema';
import { websiteKeys } from './website-keys';

export const createWebsiteInputSchema = websiteInputSchema;

export async function createWebsite(input: WebsiteInput): Promise<Website> {
  const { data } = await api.post<Website>('/websites', createWebsiteInputSchema.parse(input));
  return data;
}

export function useCreateWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebsite,
    onSuccess: (created) => {
      queryClient.setQueriesData<Website[]>({ queryKey: websiteKeys.lists() }, (list) =>
        list ? [created, ...list.filter((w) => w.id !== created.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: websiteKeys.lists() });
    },
  });
}
