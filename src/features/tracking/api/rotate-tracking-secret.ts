import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { TrackedCampaign } from '../types';

export const rotateTrackingSecretInputSchema = z.object({ campaignId: z.string().min(1) });

/** A new postback secret for the campaign; the old one stops working at once. */
export async function rotateTrackingSecret(
  input: z.infer<typeof rotateTrackingSecretInputSchema>,
): Promise<TrackedCampaign> {
  const { campaignId } = rotateTrackingSecretInputSchema.parse(input);
  const { data } = await api.post<TrackedCampaign>(
    `/campaigns/${encodeURIComponent(campaignId)}/tracking-secret`,
  );
  return data;
}

/** The campaign caches belong to the campaigns feature: the page passes `onRotated` to update them. */
export function useRotateTrackingSecret(onRotated: (campaign: TrackedCampaign) => void) {
  return useMutation({ mutationFn: rotateTrackingSecret, onSuccess: onRotated });
}
