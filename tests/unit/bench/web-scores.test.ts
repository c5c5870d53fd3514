import { describe, expect, it } from 'vitest';
import { meetsTargets, pageMedians, type PageAudit } from '../../bench/support/web-scores';

const run = (performance: number, accessibility = 100, bestPractices = 100): PageAudit => ({
  name: 'x',
  url: 'http://127.0.0.1/x',
  scores: { performance, accessibility, 'best-practices': bestPractices },
  metrics: {},
  failing: { performance: [], accessibility: [], 'best-practices': [] },
});

describe("bench:web's verdict on a page's median", () => {
  it('judges each page by the middle of its runs, not by its best or its worst', () => {
    const [admin, publisher] = pageMedians(
      new Map([
        ['admin-dashboard', [run(84), run(98), run(96), run(92), run(97)]],
        ['publisher-dashboard', [run(99), run(88), run(91), run(94), run(98)]],
      ]),
    );
    expect(admin).toMatchObject({ page: 'admin-dashboard', runs: 5, performance: [84, 98, 96, 92, 97] });
    expect(admin!.scores.performance).toBe(96);
    expect(meetsTargets(admin!.scores)).toBe(true);
    expect(publisher!.scores.performance).toBe(94);
    expect(meetsTargets(publisher!.scores)).toBe(false);
  });

  it('takes every category into account, and the mean of the two middle runs for an even count', () => {
    const [page] = pageMedians(new Map([['login', [run(97, 100), run(96, 92), run(99, 92), run(95, 100)]]]));
    expect(page!.scores).toEqual({ performance: 97, accessibility: 96, 'best-practices': 100 });
    expect(meetsTargets(page!.scores)).toBe(false);
  });
});
