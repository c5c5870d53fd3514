import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Website } from '../types';
import { websiteKeys } from './website-keys';

/** One publisher's websites as an admin sees them (the first 100, the server's maximum). */
export async function getPublisherWebsites(publisherId: string): Promise<Website[]> {
  const { data } = await api.get<Website[]>('/websites', {
    params: { publisher_id: publisherId, limit: 100, offset: 0 },
  });
  return data;
}

export const getPublisherWebsitesQueryOptions = (publisherId: string) =>
  queryOptions({
    queryKey: [...websiteKeys.lists(), { publisher_id: publisherId }] as const,
    queryFn: () => getPublisherWebsites(publisherId),
  });

export function usePublisherWebsites(publisherId: string) {
  return useQuery(getPublisherWebsitesQueryOptions(publisherId));
}

const idSchema = z.string().min(1);

/** An admin marks a website verified by hand (a private install's site the checker cannot reach). */
export async function adminVerifyWebsite(id: string): Promise<Website> {
  const { data } = await api.post<Website>(
    `/admin/websites/${encodeURIComponent(idSchema.parse(id))}/verify`,
  );
  return data;
}

export function useAdminVerifyWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminVerifyWebsite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websiteKeys.all }),
  });
}
