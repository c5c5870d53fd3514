import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useApprovedCampaigns, usePostbacks } from '../api/postbacks';
import { PostbackCard } from './postback-card';
import { PostbackForm } from './postback-form';
import { useTranslation } from '../../../lib/i18n';

/** Settings → Postbacks: the publisher's tracker URLs, called server-to-server with the macros filled. */
export function PostbacksSettings() {
  const { t } = useTranslation('integrations');
  const postbacks = usePostbacks();
  const campaigns = useApprovedCampaigns();
  const [creating, setCreating] = useState(false);
  const campaignName = (id: string | null) =>
    id === null
      ? t('postback.allCampaigns')
      : (campaigns.data?.find((c) => c.id === id)?.name ?? t('postback.oneCampaign'));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('postback.intro')}
      </Text>
      {!creating && (
        <Button variant="light" onClick={() => setCreating(true)} style={{ alignSelf: 'flex-start' }}>
          {t('postback.add')}
        </Button>
      )}
      {creating && <PostbackForm onSaved={() => setCreating(false)} onCancel={() => setCreating(false)} />}
      {postbacks.isError ? (
        <LoadErrorAlert
          title={t('postback.loadError')}
          error={postbacks.error}
          retrying={postbacks.isFetching}
          onRetry={() => void postbacks.refetch()}
        />
      ) : !postbacks.data ? (
        <Text size="sm" c="dimmed">
          {t('postback.loading')}
        </Text>
      ) : postbacks.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('postback.empty')}
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label={t('postback.list')}>
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
