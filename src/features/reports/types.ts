// Shapes of GET /reports (the analytics contract, issue #12). Money is in minor units of `currency`.

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

export const GROUP_BY_LABELS: Record<GroupBy, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  campaign: 'Campaign',
  publisher: 'Publisher',
  website: 'Website',
  country: 'Country',
  sub1: 'Sub ID 1',
  sub2: 'Sub ID 2',
  sub3: 'Sub ID 3',
  sub4: 'Sub ID 4',
  sub5: 'Sub ID 5',
  coupon: 'Coupon code',
};

/** Day, week and month rows come in time order and draw as lines; the others are rankings and draw as bars. */
export const isTimeGrouping = (groupBy: GroupBy) =>
  groupBy === 'day' || groupBy === 'week' || groupBy === 'month';

export type ReportViewer = 'advertiser' | 'publisher' | 'admin';

/** A publisher reports on themself only, so grouping by publisher tells them nothing. */
export const groupBysFor = (viewer: ReportViewer): GroupBy[] =>
  GROUP_BYS.filter((groupBy) => viewer !== 'publisher' || groupBy !== 'publisher');

/** What commission is to each role. */
export const COMMISSION_LABELS: Record<ReportViewer, string> = {
  advertiser: 'Spend',
  publisher: 'Earnings',
  admin: 'Commission',
};

export type { Report, ReportRow } from '../../../server/modules/reports/schema';
export type { ReportTotals as ReportFigures } from '../../../server/modules/reports/schema';

export interface FilterOption {
  value: string;
  label: string;
}
