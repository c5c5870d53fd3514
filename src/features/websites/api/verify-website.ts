import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { type Website } from '../types';
import { storeWebsite } from './update-website';
import { VERIFICATION_METHODS } from '../../../../contracts/websites';

export const verifyWebsiteInputSchema = z.object({
  id: z.string().min(1),
  method: z.enum(VERIFICATION_METHODS),
});
export type VerifyWebsiteInput = z.infer<typeof verifyWebsiteInputSchema>;

/** Answers with the website: verification_status 'verified', or 'failed' with verification_error. */
export async function verifyWebsite(input: VerifyWebsiteInput): Promise<Website> {
  const { id, method } = verifyWebsiteInputSchema.parse(input);
  const { data } = await api.post<Website>(`/websites/${encodeURIComponent(id)}/verify`, { method });
  return data;
}

export function useVerifyWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyWebsite,
    onSuccess: (website) => storeWebsite(queryClient, website),
  });
}
