import { QuickSearch, useQuickSearchQuery } from '../../../components/quick-search';
import { usePublishers } from '../api/get-publishers';
import { PUBLISHER_PAGE_SIZE, type PublisherSummary } from '../types';

/** publisherSearch: quick search in the publisher directory. */
export function PublisherSearch({ onPick }: { onPick(publisher: PublisherSummary): void }) {
  const search = useQuickSearchQuery();
  const result = usePublishers(
    { search: search.debounced, page: 1, limit: PUBLISHER_PAGE_SIZE },
    { enabled: search.enabled },
  );
  return (
    <QuickSearch<PublisherSummary>
      label="Search publishers by name"
      emptyText="No publishers found."
      search={search}
      result={result}
      getKey={(p) => p.id}
      getLabel={(p) => p.display_name || p.name}
      getDescription={(p) => [p.country, p.categories.join(', ')].filter(Boolean).join(' · ')}
      onPick={onPick}
    />
  );
}
