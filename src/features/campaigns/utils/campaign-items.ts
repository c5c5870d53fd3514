import type { Campaign } from '../types';

// The list rules of spec §4, as pure functions shared by the list store and the query-cache updates.

/** A created campaign goes to the top (and never appears twice). */
export const prependCampaign = (items: readonly Campaign[], created: Campaign): Campaign[] => [
  created,
  ...items.filter((c) => c.id !== created.id),
];

/** An update replaces the matching item and leaves the others alone. */
export const replaceCampaign = (items: readonly Campaign[], updated: Campaign): Campaign[] =>
  items.map((c) => (c.id === updated.id ? updated : c));

export const removeCampaign = (items: readonly Campaign[], id: string): Campaign[] =>
  items.filter((c) => c.id !== id);
