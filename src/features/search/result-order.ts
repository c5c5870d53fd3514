import type { GlobalSearchResults, SearchGroup } from './types';

/**
 * How plainly a title names what was typed: the whole title (3), its start (2), the start of one of its
 * words (1), or only some other way (0: a corrected spelling, a word in a description, a subtitle).
 */
export function titleMatch(title: string, query: string): number {
  const t = title.trim().toLocaleLowerCase();
  const q = query.trim().toLocaleLowerCase();
  if (!q) return 0;
  if (t === q) return 3;
  if (t.startsWith(q)) return 2;
  const at = t.indexOf(q);
  for (let i = at; i > 0; i = t.indexOf(q, i + 1)) {
    if (!/[\p{L}\p{N}]/u.test(t[i - 1] ?? '')) return 1;
  }
  return 0;
}

/**
 * The groups to show, the one whose title names the query most plainly first ("Priya" puts the publisher
 * Priya Patel before a campaign found through a corrected word), so the first result, which Enter opens,
 * is the best match. Equal groups keep their usual order (campaigns, publishers, …).
 */
export function orderGroups<G extends { key: SearchGroup }>(
  groups: readonly G[],
  data: GlobalSearchResults,
  query: string,
): G[] {
  const best = (group: G) => Math.max(0, ...data[group.key].map((r) => titleMatch(r.title, query)));
  return groups
    .filter(({ key }) => data[key].length > 0)
    .map((group, index) => ({ group, index, score: best(group) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ group }) => group);
}
