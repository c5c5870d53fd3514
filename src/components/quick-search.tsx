import { Alert, Loader, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '../lib/search';
import { useTranslation } from '../lib/i18n';

/** The typed text, its debounced form, and whether it is long enough to search. */
export function useQuickSearchQuery() {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  return { query, setQuery, debounced, enabled: debounced.length >= MIN_SEARCH_LENGTH };
}

interface QuickSearchProps<T> {
  label: string;
  emptyText: string;
  search: ReturnType<typeof useQuickSearchQuery>;
  result: { data?: { items: T[] }; error: unknown; isFetching: boolean };
  getKey(item: T): string;
  getLabel(item: T): string;
  getDescription(item: T): string;
  onPick(item: T): void;
}

/** A search box with a pickable result list, as used by the campaignSearch and publisherSearch modals. */
export function QuickSearch<T>({
  label,
  emptyText,
  search,
  result,
  getKey,
  getLabel,
  getDescription,
  onPick,
}: QuickSearchProps<T>) {
  const { t } = useTranslation('common');
  const { data, error, isFetching } = result;
  const input = useRef<HTMLInputElement>(null);
  // The modal's focus trap runs before a lazily loaded body exists (and then lands on the close
  // button): focus the box once it is there, so typing starts at once.
  useEffect(() => input.current?.focus(), []);
  return (
    <Stack gap="sm">
      <TextInput
        ref={input}
        label={label}
        placeholder={t('search.minLength', { count: MIN_SEARCH_LENGTH })}
        value={search.query}
        onChange={(event) => search.setQuery(event.currentTarget.value)}
        rightSection={isFetching ? <Loader size="xs" /> : null}
        data-autofocus
      />
      {search.enabled && Boolean(error) && (
        <Alert color="red" variant="light">
          {t('search.failed')}
        </Alert>
      )}
      {search.enabled &&
        data &&
        !error &&
        (data.items.length === 0 ? (
          <Text c="dimmed">{emptyText}</Text>
        ) : (
          <Stack gap={0} role="list" aria-label={t('search.results')}>
            {data.items.map((item) => (
              <div role="listitem" key={getKey(item)}>
                <NavLink
                  component="button"
                  label={getLabel(item)}
                  description={getDescription(item)}
                  onClick={() => onPick(item)}
                />
              </div>
            ))}
          </Stack>
        ))}
    </Stack>
  );
}
