// Shapes of GET /reports (the analytics contract, issue #12). Money is in minor units of `currency`.
import { translate } from '../../lib/i18n';

export const GROUP_BYS = [
  'day',
  'week',
  'month',
  'campaign',
  'publisher',
  'website',
  'country',
  'sub1',
  'sub2',
  'sub3',
  'sub4',
  'sub5',
  'coupon',
] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

/** A grouping's name ("Day", "Coupon code") in the UI language; catalog keys `groupBy.<groupBy>`. */
export const groupByLabel = (groupBy: GroupBy) => translate('reports', `groupBy.${groupBy}`);

/** What commission is to each role ("Spend", "Earnings", "Commission"); keys `commission.<viewer>`. */
export const commissionLabel = (viewer: ReportViewer) => translate('reports', `commission.${viewer}`);

/** Day, week and month rows come in time order and draw as lines; the others are rankings and draw as bars. */
export const isTimeGrouping = (groupBy: GroupBy) =>
  groupBy === 'day' || groupBy === 'week' || groupBy === 'month';

export type ReportViewer = 'advertiser' | 'publisher' | 'admin';

/** A publisher reports on themself only, so grouping by publisher tells them nothing. */
export const groupBysFor = (viewer: ReportViewer): GroupBy[] =>
  GROUP_BYS.filter((groupBy) => viewer !== 'publisher' || groupBy !== 'publisher');

export type { Report, ReportRow } from '../../../server/modules/reports/schema';
export type { ReportTotals as ReportFigures } from '../../../server/modules/reports/schema';

export interface FilterOption {
  value: string;
  label: string;
}
