import { api } from '../../../lib/api-client';

/** Forgets one subscription of this account, or all of them when no endpoint is given. */
export async function unsubscribePush(endpoint?: string): Promise<{ removed: number }> {
  const { data } = await api.delete<{ removed: number }>('/my/push/unsubscribe', {
    data: endpoint ? { endpoint } : {},
  });
  return data;
}
