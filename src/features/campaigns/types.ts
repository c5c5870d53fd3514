import type { Category } from '../../../contracts/categories';
import type { CampaignStatus } from '../../../contracts/campaigns';

// Wire types are shared with the server; the client imports only their types.
export type {
  Campaign,
  CreateCampaignBody,
  UpdateCampaignBody,
} from '../../../server/modules/campaigns/schema';
export type { AdvertiserDetails } from '../../../server/modules/users/directory-routes';

export const STATUS_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray',
  active: 'green',
  paused: 'yellow',
  ended: 'red',
};

/** List filters (spec §3): status and category default to 'all'. */
export interface CampaignFilters {
  status: 'all' | CampaignStatus;
  category: 'all' | Category;
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
