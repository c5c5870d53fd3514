import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Report } from '../types';
import { reportKeys, reportQuery, type ReportParams } from './report-keys';

export async function getReport(params: ReportParams): Promise<Report> {
  const { data } = await api.get<Report>('/reports', { params: { ...reportQuery(params), format: 'json' } });
  return data;
}

export const getReportQueryOptions = (params: ReportParams) =>
  queryOptions({ queryKey: reportKeys.report(params), queryFn: () => getReport(params) });

export function useReport(params: ReportParams) {
  // Other filters keep the current rows on screen (dimmed) until the new ones arrive.
  return useQuery({ ...getReportQueryOptions(params), placeholderData: keepPreviousData });
}
