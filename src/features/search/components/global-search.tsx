import '@mantine/spotlight/styles.css';
import { Group, Loader, Text } from '@mantine/core';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuickSearchQuery } from '../../../components/quick-search';
import { MIN_SEARCH_LENGTH } from '../../../lib/search';
import { useGlobalSearch } from '../api/get-global-search';
import { resultDescription } from '../result-description';
import { orderGroups } from '../result-order';
import { searchDialogMounted, searchSpotlightStore } from '../search-spotlight-store';
import { SEARCH_GROUPS, type GlobalSearchResults, type SearchResult } from '../types';
import { useTranslation } from '../../../lib/i18n';
import { useRecentSearches } from '../use-recent-searches';

/**
 * Results arrive after the query changed (300 ms of quiet, then the server): the first of them is
 * selected then, so Enter opens the best match at once, as in any command palette; the arrows move on
 * from it. Before they arrive nothing is selected, so Enter cannot open what an older query found.
 */
function useSelectFirstResult(data: GlobalSearchResults | undefined) {
  useEffect(() => {
    const hasResults = data !== undefined && SEARCH_GROUPS.some(({ key }) => data[key].length > 0);
    // Mantine's store keeps the index the arrows move from; the list shows the attribute.
    const list = document.querySelector('.mantine-Spotlight-actionsList');
    list?.querySelectorAll('[data-selected]').forEach((element) => element.removeAttribute('data-selected'));
    const first = hasResults ? list?.querySelector('[data-action]') : null;
    first?.setAttribute('data-selected', 'true');
    searchSpotlightStore.updateState((state) => ({ ...state, selected: first ? 0 : -1 }));
  }, [data]);
}

function ResultGroups({
  data,
  query,
  onOpen,
}: {
  data: GlobalSearchResults;
  query: string;
  onOpen(result: SearchResult): void;
}) {
  const { t } = useTranslation('search');
  const groups = orderGroups(SEARCH_GROUPS, data, query);
  if (groups.length === 0) return <Spotlight.Empty>{t('nothing')}</Spotlight.Empty>;
  return groups.map(({ key }) => (
    <Spotlight.ActionsGroup key={key} label={t(`group.${key}`)} role="group" aria-label={t(`group.${key}`)}>
      {data[key].map((result) => (
        <Spotlight.Action
          key={`${result.type}-${result.id}`}
          label={result.title}
          description={resultDescription(result)}
          rightSection={
            <Text size="xs" c="dimmed" visibleFrom="xs">
              {t(`type.${result.type}`)}
            </Text>
          }
          onClick={() => onOpen(result)}
        />
      ))}
    </Spotlight.ActionsGroup>
  ));
}

function RecentSearches({
  recent,
  onPick,
  onClear,
}: {
  recent: string[];
  onPick(query: string): void;
  onClear(): void;
}) {
  const { t } = useTranslation('search');
  if (recent.length === 0) {
    return <Spotlight.Empty>{t('hint')}</Spotlight.Empty>;
  }
  return (
    <Spotlight.ActionsGroup label={t('recent')} role="group" aria-label={t('recent')}>
      {recent.map((query) => (
        <Spotlight.Action
          key={query}
          label={query}
          closeSpotlightOnTrigger={false}
          onClick={() => onPick(query)}
        />
      ))}
      <Spotlight.Action
        label={t('clearRecent')}
        c="dimmed"
        closeSpotlightOnTrigger={false}
        onClick={onClear}
      />
    </Spotlight.ActionsGroup>
  );
}

/**
 * Global search (Ctrl/Cmd+K or the header box): everything the user may see, grouped by type; Enter
 * or a click opens the item's route. With an empty box it lists the user's recent searches.
 */
export function GlobalSearch({ userId }: { userId: string }) {
  const { t } = useTranslation('search');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const search = useQuickSearchQuery();
  const { opened } = useSpotlight(searchSpotlightStore);
  // Once opened, the recent searches stay loaded (and follow every change) for the rest of the visit.
  const [used, setUsed] = useState(opened);
  if (opened && !used) setUsed(true);
  const { recent, add, clear } = useRecentSearches(userId, used);
  const { data, error, isFetching } = useGlobalSearch(search.debounced);
  const current = search.enabled ? data : undefined;
  useSelectFirstResult(current);
  // Opens at once when it mounted because it was asked for; closes the store when it goes.
  useEffect(searchDialogMounted, []);

  const open = (result: SearchResult) => {
    add(search.query);
    void navigate(result.url, { state: { searchTitle: result.title } });
  };

  const typed = search.query.trim();
  let body: React.ReactNode;
  if (typed.length === 0) {
    body = <RecentSearches recent={recent} onPick={search.setQuery} onClear={clear} />;
  } else if (typed.length < MIN_SEARCH_LENGTH) {
    body = <Spotlight.Empty>{t('minLength', { count: MIN_SEARCH_LENGTH })}</Spotlight.Empty>;
  } else if (search.enabled && error && !isFetching) {
    // spec §8: the failure clears the results
    body = (
      <Spotlight.Empty>
        <Text c="red" role="alert" size="sm">
          {tc('search.failed')}
        </Text>
      </Spotlight.Empty>
    );
  } else if (current) {
    body = <ResultGroups data={current} query={search.debounced} onOpen={open} />;
  } else {
    body = (
      <Spotlight.Empty>
        <Group justify="center" gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('searching')}
          </Text>
        </Group>
      </Spotlight.Empty>
    );
  }

  return (
    <Spotlight.Root
      store={searchSpotlightStore}
      query={search.query}
      onQueryChange={search.setQuery}
      // each opening starts from an empty box (the recent searches), however the last one ended
      onSpotlightOpen={() => search.setQuery('')}
      shortcut={['mod + K']}
      scrollable
      maxHeight="min(60vh, 480px)"
      // The dialog has no title: it is named for assistive tech.
      attributes={{ content: { 'aria-label': t('label') } }}
    >
      <Spotlight.Search
        placeholder={t('placeholder')}
        aria-label={t('label')}
        rightSection={isFetching ? <Loader size="xs" /> : null}
      />
      <Spotlight.ActionsList aria-label={tc('search.results')}>{body}</Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
