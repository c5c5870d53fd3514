import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fraudKeys } from './fraud-keys';

/** Admins: suspends the publisher of a held commission, from the queue. */
export async function suspendPublisher(publisherId: string) {
  await api.post(`/admin/users/${publisherId}/suspend`);
}

export function useSuspendPublisher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendPublisher,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fraudKeys.all }),
  });
}
