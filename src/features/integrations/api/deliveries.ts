import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Delivery, IntegrationKind } from '../types';
import { integrationKeys } from './integration-keys';

/** The latest deliveries of one webhook endpoint or postback, newest first. */
export function useDeliveries(kind: IntegrationKind, id: string) {
  return useQuery({
    queryKey: integrationKeys.deliveries(kind, id),
    queryFn: async () =>
      (await api.get<Delivery[]>(`/${kind}/${id}/deliveries`, { params: { limit: 25, offset: 0 } })).data,
  });
}

function useRefreshDeliveries(kind: IntegrationKind, id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(kind, id) });
}

/** Queues a test event (webhooks) or a test postback filled like the preview; it shows up in the log. */
export function useSendTest(kind: IntegrationKind, id: string) {
  const refresh = useRefreshDeliveries(kind, id);
  return useMutation({
    mutationFn: async () => (await api.post<Delivery>(`/${kind}/${id}/test`)).data,
    onSuccess: () => void refresh(),
  });
}

/** Sends a logged delivery again (a new attempt in the log). */
export function useResendDelivery(kind: IntegrationKind, id: string) {
  const refresh = useRefreshDeliveries(kind, id);
  return useMutation({
    mutationFn: async (deliveryId: string) =>
      (await api.post<Delivery>(`/${kind}/${id}/deliveries/${deliveryId}/resend`)).data,
    onSuccess: () => void refresh(),
  });
}
