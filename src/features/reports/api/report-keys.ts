import type { GroupBy } from '../types';

export interface ReportParams {
  group_by: GroupBy;
  from: string;
  to: string;
  currency: string;
  campaign_id: string | null;
  publisher_id: string | null;
}

/** The query string of a report: filters left blank are not sent. */
export function reportQuery(params: ReportParams): Record<string, string> {
  const { campaign_id, publisher_id, ...rest } = params;
  return {
    ...rest,
    ...(campaign_id ? { campaign_id } : {}),
    ...(publisher_id ? { publisher_id } : {}),
  };
}

export const reportKeys = {
  all: ['reports'] as const,
  report: (params: ReportParams) => [...reportKeys.all, params] as const,
};
