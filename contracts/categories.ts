/** What a campaign or a website is about; campaigns and websites share the list. */
export const CATEGORIES = [
  'fashion',
  'electronics',
  'finance',
  'travel',
  'health',
  'software',
  'other',
] as const;

export type Category = (typeof CATEGORIES)[number];
