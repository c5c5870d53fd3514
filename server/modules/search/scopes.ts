import { searchApplications } from './application-scope';
import { searchCampaigns } from './campaign-scope';
import { searchAdvertisers, searchPublishers } from './directory-scopes';
import { searchInvoices } from './invoice-scope';
import type { SearchScopeName } from '../../../contracts/search';
import { searchMedia } from './media-scope';
import { searchMessages } from './message-scope';
import type { ScopeSearch } from './types';
import { searchWebsites } from './website-scope';

/** Every scope of search, in the order global search answers them. */
export const SCOPES: Record<SearchScopeName, ScopeSearch> = {
  campaigns: searchCampaigns,
  publishers: searchPublishers,
  advertisers: searchAdvertisers,
  websites: searchWebsites,
  applications: searchApplications,
  invoices: searchInvoices,
  media: searchMedia,
  messages: searchMessages,
};
