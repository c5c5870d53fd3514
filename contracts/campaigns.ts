export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export const COMMISSION_MODELS = ['cpa', 'revshare', 'cpc', 'cpl'] as const;
export const APPROVAL_MODES = ['manual', 'auto'] as const;

export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export type CommissionModel = (typeof COMMISSION_MODELS)[number];
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** Limits of a campaign's fields: the server refuses more, the form stops at them before sending. */
export const CAMPAIGN_LIMITS = {
  nameLength: 200,
  descriptionLength: 5000,
  termsLength: 20_000,
  landingUrlLength: 2000,
  /** revenue share in basis points: 1 (0.01 %) to 10,000 (100 %) */
  minRevshareBps: 1,
  maxRevshareBps: 10_000,
  maxAttributionDays: 365,
  maxTiers: 20,
  maxPublisherOverrides: 1000,
  maxAllowedCountries: 250,
  maxCreatives: 50,
} as const;
