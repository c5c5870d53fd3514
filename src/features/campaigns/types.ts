// Wire types are shared with the server; the client imports only their types.
export type {
  Campaign,
  CampaignStatus,
  CommissionModel,
  CreateCampaignBody,
  UpdateCampaignBody,
} from '../../../server/modules/campaigns/schema';
export type { AdvertiserDetails } from '../../../server/modules/users/directory-routes';

// Copied from server/modules/campaigns/schema.ts (the client may import only types from server/).
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export const CAMPAIGN_CATEGORIES = [
  'fashion',
  'electronics',
  'finance',
  'travel',
  'health',
  'software',
  'other',
] as const;
export const COMMISSION_MODELS = ['cpa', 'revshare', 'cpc', 'cpl'] as const;
export const APPROVAL_MODES = ['manual', 'auto'] as const;

export type CampaignCategory = (typeof CAMPAIGN_CATEGORIES)[number];
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export const STATUS_LABELS: Record<(typeof CAMPAIGN_STATUSES)[number], string> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
};

export const STATUS_COLORS: Record<(typeof CAMPAIGN_STATUSES)[number], string> = {
  draft: 'gray',
  active: 'green',
  paused: 'yellow',
  ended: 'red',
};

export const COMMISSION_MODEL_LABELS: Record<(typeof COMMISSION_MODELS)[number], string> = {
  cpa: 'CPA (fixed per sale)',
  revshare: 'Revenue share',
  cpc: 'CPC (per unique click)',
  cpl: 'CPL (per lead)',
};

/** List filters (spec §3): status and category default to 'all'. */
export interface CampaignFilters {
  status: 'all' | (typeof CAMPAIGN_STATUSES)[number];
  category: 'all' | CampaignCategory;
  search: string;
}

export const DEFAULT_CAMPAIGN_FILTERS: CampaignFilters = { status: 'all', category: 'all', search: '' };
/** Campaign page size (spec §9). */
export const CAMPAIGN_PAGE_SIZE = 10;

/** Who is looking at the campaigns (passed in by the app; features do not read each other's stores). */
export interface CampaignViewer {
  id: string;
  role: 'advertiser' | 'publisher' | 'admin';
}
