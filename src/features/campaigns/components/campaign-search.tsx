import { Alert, Loader, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCampaigns } from '../api/get-campaigns';
import { CAMPAIGN_PAGE_SIZE, DEFAULT_CAMPAIGN_FILTERS, type Campaign } from '../types';
import { formatCommission } from '../utils/format-commission';
import { SEARCH_DEBOUNCE_MS } from './campaign-filters';

/** Spec §5: search runs only with a query of at least 2 characters. */
export const MIN_SEARCH_LENGTH = 2;

/** campaignSearch: quick search over the campaigns the user may see. */
export function CampaignSearch({ onPick }: { onPick(campaign: Campaign): void }) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = debounced.length >= MIN_SEARCH_LENGTH;
  const { data, error, isFetching } = useCampaigns(
    { ...DEFAULT_CAMPAIGN_FILTERS, search: debounced, page: 1, limit: CAMPAIGN_PAGE_SIZE },
    { enabled },
  );

  return (
    <Stack gap="sm">
      <TextInput
        label="Search campaigns by name"
        placeholder="At least 2 characters"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={isFetching ? <Loader size="xs" /> : null}
        data-autofocus
      />
      {error && enabled && (
        <Alert color="red" variant="light">
          Search failed. Please try again.
        </Alert>
      )}
      {enabled &&
        data &&
        !error &&
        (data.items.length === 0 ? (
          <Text c="dimmed">No campaigns found.</Text>
        ) : (
          <Stack gap={0} role="list" aria-label="Search results">
            {data.items.map((campaign) => (
              <div role="listitem" key={campaign.id}>
                <NavLink
                  component="button"
                  label={campaign.name}
                  description={formatCommission(campaign)}
                  onClick={() => onPick(campaign)}
                />
              </div>
            ))}
          </Stack>
        ))}
    </Stack>
  );
}
