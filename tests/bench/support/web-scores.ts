// Lighthouse's category scores against the front end's targets (issue #18), and each page's median over
// several runs. No Lighthouse import here: the unit tests load this module.

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];
export const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
};

export interface PageAudit {
  name: string;
  url: string;
  scores: Record<Category, number>;
  metrics: Record<string, string>;
  /** Scored audits below 1 in each category, worst first: what to fix. */
  failing: Record<Category, string[]>;
}

/** The middle value; for an even count the mean of the two middle ones, rounded. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export interface PageMedian {
  page: string;
  runs: number;
  /** Each category's median score over the page's runs. */
  scores: Record<Category, number>;
  /** The page's performance scores, run by run. */
  performance: number[];
}

/**
 * Each page's median scores over its runs (`runsOf`: page name → its audits). One run's performance score
 * moves by up to ±8 points on this machine with nothing changed; Lighthouse's guidance on variability is to
 * judge the median of several runs (five runs' median is about twice as stable as one run).
 */
export function pageMedians(runsOf: ReadonlyMap<string, readonly PageAudit[]>): PageMedian[] {
  return [...runsOf].map(([page, audits]) => ({
    page,
    runs: audits.length,
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, median(audits.map((audit) => audit.scores[category]))]),
    ) as Record<Category, number>,
    performance: audits.map((audit) => audit.scores.performance),
  }));
}

export const meetsTargets = (scores: Record<Category, number>): boolean =>
  CATEGORIES.every((category) => scores[category] >= TARGETS[category]);

/** "performance 96 PASS  accessibility 100 PASS  best-practices 100 PASS" */
export const verdicts = (scores: Record<Category, number>): string =>
  CATEGORIES.map(
    (category) =>
      `${category} ${scores[category]} ${scores[category] >= TARGETS[category] ? 'PASS' : 'FAIL'}`,
  ).join('  ');

/** One line a page: its median scores against the targets, and the runs' performance scores. */
export function printPageMedian(median: PageMedian): void {
  console.log(
    `  ${median.page.padEnd(22)} ${verdicts(median.scores)}  (performance ${median.performance.join(', ')})`,
  );
}
