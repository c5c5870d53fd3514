import { useTranslation } from '../../../lib/i18n';
import type { SearchResult } from '../../../../server/modules/search/schema';
import { QuickSearch, useQuickSearchQuery } from '../../../components/quick-search';
import { useSearchCampaigns } from '../api/search-campaigns';
import type { Campaign } from '../types';

/** campaignSearch: quick search over the campaigns the user may see (typos forgiven). */
export function CampaignSearch({ onPick }: { onPick(campaign: Pick<Campaign, 'id' | 'name'>): void }) {
  const { t } = useTranslation('campaigns');
  const search = useQuickSearchQuery();
  const result = useSearchCampaigns(search.debounced, { enabled: search.enabled });
  return (
    <QuickSearch<SearchResult>
      label={t('search.label')}
      emptyText={t('search.empty')}
      search={search}
      result={result}
      getKey={(c) => c.id}
      getLabel={(c) => c.title}
      getDescription={(c) => c.subtitle}
      onPick={(c) => onPick({ id: c.id, name: c.title })}
    />
  );
}
