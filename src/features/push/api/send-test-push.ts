import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Sends a test push to all of the account's subscriptions; the message says how many. */
export async function sendTestPush(): Promise<{ message: string }> {
  const { data } = await api.post<{ message: string }>('/my/push/test');
  return data;
}

export function useSendTestPush() {
  return useMutation({ mutationFn: sendTestPush });
}
