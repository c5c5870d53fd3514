import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useRotateTrackingSecret } from '../api/rotate-tracking-secret';
import type { TrackedCampaign } from '../types';
import { CodeText } from './code-text';
import { curlExample, paidEvent, postbackGetUrl, postbackUrl } from '../utils/snippets';
import { CopyValue } from './copy-value';
import { MASKED_SECRET, TrackingSecret } from './tracking-secret';
import { useTranslation } from '../../../lib/i18n';

interface PostbackPanelProps {
  campaign: TrackedCampaign;
  /** the app updates its campaign caches with the rotated campaign */
  onRotated(campaign: TrackedCampaign): void;
  origin?: string;
}

/**
 * How an advertiser reports conversions from their server: the S2S postback (URL, secret, GET form,
 * curl), filled with the campaign's currency, event and secret. The browser pixel has its own panel.
 */
export function PostbackPanel({ campaign, onRotated, origin = window.location.origin }: PostbackPanelProps) {
  const { t } = useTranslation('tracking');
  const [revealed, setRevealed] = useState(false);
  const rotate = useRotateTrackingSecret((rotated) => {
    onRotated(rotated);
    showToast({
      title: t('postback.rotatedTitle'),
      message: t('postback.rotated'),
      color: 'green',
    });
  });
  const secret = campaign.tracking_secret ?? '';
  // Snippets copy with the real secret but show it only while it is revealed.
  const masked = (text: string) =>
    revealed || !secret
      ? text
      : text.split(secret).join(MASKED_SECRET).split(encodeURIComponent(secret)).join(MASKED_SECRET);
  const curl = curlExample(origin, campaign, secret);
  const getUrl = postbackGetUrl(origin, campaign, secret);

  return (
    <Card withBorder component="section" aria-labelledby="postback-heading">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="postback-heading">
            {t('postback.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            <CodeText
              text={t('postback.intro', { event: paidEvent(campaign), currency: campaign.currency })}
            />
          </Text>
        </Stack>
        <CopyValue label={t('postback.url')} value={postbackUrl(origin)} />
        {campaign.tracking_secret !== undefined && (
          <TrackingSecret
            secret={secret}
            revealed={revealed}
            onToggleReveal={() => setRevealed((shown) => !shown)}
            rotating={rotate.isPending}
            onRotate={() => rotate.mutate({ campaignId: campaign.id })}
          />
        )}
        {rotate.error && (
          <Alert color="red" variant="light">
            {errorMessage(rotate.error, t('postback.notRotated'))}
          </Alert>
        )}
        <CopyValue label={t('postback.curl')} block value={curl} display={masked(curl)} />
        <CopyValue label={t('postback.get')} block value={getUrl} display={masked(getUrl)} />
      </Stack>
    </Card>
  );
}
