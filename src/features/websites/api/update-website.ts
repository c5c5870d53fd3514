import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Website } from '../types';
import { websiteInputSchema } from './website-input-schema';
import { websiteKeys } from './website-keys';

export const updateWebsiteInputSchema = z.object({
  id: z.string().min(1),
  body: websiteInputSchema.partial(),
});

export async function updateWebsite(input: z.infer<typeof updateWebsiteInputSchema>): Promise<Website> {
  const { id, body } = updateWebsiteInputSchema.parse(input);
  const { data } = await api.put<Website>(`/websites/${encodeURIComponent(id)}`, body);
  return data;
}

/** Puts the server's copy of a website into every cached list (shared with verify). */
export function storeWebsite(queryClient: QueryClient, website: Website) {
  queryClient.setQueryData(websiteKeys.detail(website.id), website);
  queryClient.setQueriesData<Website[]>({ queryKey: websiteKeys.lists() }, (list) =>
    list?.map((w) => (w.id === website.id ? website : w)),
  );
}

export function useUpdateWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebsite,
    onSuccess: (website) => storeWebsite(queryClient, website),
  });
}
