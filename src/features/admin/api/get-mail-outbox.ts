import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, httpStatus } from '../../../lib/api-client';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The outbox, or `smtp: true` when mail goes out through SMTP (the server then has no outbox: 404). */
export type MailOutbox = { smtp: false; mails: OutboxMail[] } | { smtp: true; mails: [] };

export async function getMailOutbox(limit = 200): Promise<MailOutbox> {
  try {
    const { data } = await api.get<OutboxMail[]>('/admin/outbox', { params: { limit } });
    return { smtp: false, mails: data };
  } catch (error) {
    if (httpStatus(error) === 404) return { smtp: true, mails: [] };
    throw error;
  }
}

// 'admin' as the first key part: mail texts (reset links) never reach the persisted cache
export const getMailOutboxQueryOptions = (limit = 200) =>
  queryOptions({ queryKey: ['admin', 'outbox', limit] as const, queryFn: () => getMailOutbox(limit) });

export function useMailOutbox(limit = 200) {
  return useQuery(getMailOutboxQueryOptions(limit));
}
