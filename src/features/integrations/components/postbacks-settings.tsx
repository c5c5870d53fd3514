import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useApprovedCampaigns, usePostbacks } from '../api/postbacks';
import { PostbackCard } from './postback-card';
import { PostbackForm } from './postback-form';

/** Settings → Postbacks: the publisher's tracker URLs, called server-to-server with the macros filled. */
export function PostbacksSettings() {
  const postbacks = usePostbacks();
  const campaigns = useApprovedCampaigns();
  const [creating, setCreating] = useState(false);
  const campaignName = (id: string | null) =>
    id === null ? 'All campaigns' : (campaigns.data?.find((c) => c.id === id)?.name ?? 'One campaign');

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Your tracker learns of each conversion (and of its commission being approved, rejected or reversed)
        from our server: put its postback URL here, with the macros it needs.
      </Text>
      {!creating && (
        <Button variant="light" onClick={() => setCreating(true)} style={{ alignSelf: 'flex-start' }}>
          Add postback
        </Button>
      )}
      {creating && <PostbackForm onSaved={() => setCreating(false)} onCancel={() => setCreating(false)} />}
      {postbacks.isError ? (
        <LoadErrorAlert
          title="Could not load your postbacks"
          error={postbacks.error}
          retrying={postbacks.isFetching}
          onRetry={() => void postbacks.refetch()}
        />
      ) : !postbacks.data ? (
        <Text size="sm" c="dimmed">
          Loading your postbacks…
        </Text>
      ) : postbacks.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          You have no postbacks yet.
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label="Your postbacks">
          {postbacks.data.map((postback) => (
            <PostbackCard
              key={postback.id}
              postback={postback}
              campaignName={campaignName(postback.campaign_id)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
