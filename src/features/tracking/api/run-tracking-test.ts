import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { TrackingTestResult } from '../types';

export const trackingTestInputSchema = z.object({
  campaign_id: z.string().min(1),
  /** omitted: the campaign's first active link */
  link_id: z.string().min(1).optional(),
  event: z.enum(['sale', 'lead']).optional(),
  /** major units as typed, e.g. "19.99" (the server parses it exactly) */
  amount: z.string().trim().min(1).optional(),
  currency: z.string().length(3).optional(),
});
export type TrackingTestInput = z.infer<typeof trackingTestInputSchema>;

/**
 * A test click and a test conversion through the real endpoints; answers each step's outcome. Test
 * events are flagged by the server and never counted (links, money, reports), so no cache changes.
 */
export async function runTrackingTest(input: TrackingTestInput): Promise<TrackingTestResult> {
  const { data } = await api.post<TrackingTestResult>('/tracking/test', trackingTestInputSchema.parse(input));
  return data;
}

export function useRunTrackingTest() {
  return useMutation({ mutationFn: runTrackingTest });
}
