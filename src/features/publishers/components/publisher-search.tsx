import type { SearchResult } from '../../../../server/modules/search/schema';
import { QuickSearch, useQuickSearchQuery } from '../../../components/quick-search';
import { useTranslation } from '../../../lib/i18n';
import { useSearchPublishers } from '../api/search-publishers';
import type { PublisherSummary } from '../types';

type PickedPublisher = Pick<PublisherSummary, 'id' | 'name' | 'display_name'>;

/** publisherSearch: quick search in the publisher directory (typos forgiven). */
export function PublisherSearch({ onPick }: { onPick(publisher: PickedPublisher): void }) {
  const { t } = useTranslation('publishers');
  const search = useQuickSearchQuery();
  const result = useSearchPublishers(search.debounced, { enabled: search.enabled });
  return (
    <QuickSearch<SearchResult>
      label={t('search.label')}
      emptyText={t('search.empty')}
      search={search}
      result={result}
      getKey={(p) => p.id}
      getLabel={(p) => p.title}
      getDescription={(p) => p.subtitle}
      onPick={(p) => onPick({ id: p.id, name: p.title, display_name: null })}
    />
  );
}
