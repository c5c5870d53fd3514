import { QuickSearch, useQuickSearchQuery } from '../../../components/quick-search';
import { useFormatMoney } from '../../../lib/display-money';
import { useCampaigns } from '../api/get-campaigns';
import { CAMPAIGN_PAGE_SIZE, DEFAULT_CAMPAIGN_FILTERS, type Campaign } from '../types';
import { formatCommission } from '../utils/format-commission';

/** campaignSearch: quick search over the campaigns the user may see. */
export function CampaignSearch({ onPick }: { onPick(campaign: Campaign): void }) {
  const search = useQuickSearchQuery();
  const money = useFormatMoney();
  const result = useCampaigns(
    { ...DEFAULT_CAMPAIGN_FILTERS, search: search.debounced, page: 1, limit: CAMPAIGN_PAGE_SIZE },
    { enabled: search.enabled },
  );
  return (
    <QuickSearch<Campaign>
      label="Search campaigns by name"
      emptyText="No campaigns found."
      search={search}
      result={result}
      getKey={(c) => c.id}
      getLabel={(c) => c.name}
      getDescription={(campaign) => formatCommission(campaign, money)}
      onPick={onPick}
    />
  );
}
