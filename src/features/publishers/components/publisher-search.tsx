import { Alert, Loader, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePublishers } from '../api/get-publishers';
import { MIN_SEARCH_LENGTH, PUBLISHER_PAGE_SIZE, SEARCH_DEBOUNCE_MS, type PublisherSummary } from '../types';

/** publisherSearch: quick search in the publisher directory (at least 2 characters). */
export function PublisherSearch({ onPick }: { onPick(publisher: PublisherSummary): void }) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = debounced.length >= MIN_SEARCH_LENGTH;
  const { data, error, isFetching } = usePublishers(
    { search: debounced, page: 1, limit: PUBLISHER_PAGE_SIZE },
    { enabled },
  );

  return (
    <Stack gap="sm">
      <TextInput
        label="Search publishers by name"
        placeholder="At least 2 characters"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={isFetching ? <Loader size="xs" /> : null}
        data-autofocus
      />
      {enabled && error && (
        <Alert color="red" variant="light">
          Search failed. Please try again.
        </Alert>
      )}
      {enabled &&
        data &&
        !error &&
        (data.items.length === 0 ? (
          <Text c="dimmed">No publishers found.</Text>
        ) : (
          <Stack gap={0} role="list" aria-label="Search results">
            {data.items.map((publisher) => (
              <div role="listitem" key={publisher.id}>
                <NavLink
                  component="button"
                  label={publisher.display_name || publisher.name}
                  description={[publisher.country, publisher.categories.join(', ')]
                    .filter(Boolean)
                    .join(' · ')}
                  onClick={() => onPick(publisher)}
                />
              </div>
            ))}
          </Stack>
        ))}
    </Stack>
  );
}
