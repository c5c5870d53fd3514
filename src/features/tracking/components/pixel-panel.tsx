import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useFormatMoney } from '../../../lib/display-money';
import type { TrackedCampaign } from '../types';
import {
  nodeSignatureExample,
  phpSignatureExample,
  pixelSnippet,
  signedPixelSnippet,
} from '../utils/snippets';
import { CopyValue } from './copy-value';
import { CodeText } from './code-text';
import { useTranslation } from '../../../lib/i18n';

type PixelCampaign = Pick<
  TrackedCampaign,
  'currency' | 'commission_model' | 'pixel_enabled' | 'max_order_minor'
>;

interface PixelPanelProps {
  campaign: PixelCampaign;
  /** opens the campaign's edit form, where the pixel is turned on (absent: the text says where) */
  onEditCampaign?(): void;
  origin?: string;
}

export function PixelModeBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('tracking');
  return (
    <Badge color={enabled ? 'green' : 'gray'} variant="light">
      {enabled ? t('pixel.on') : t('pixel.off')}
    </Badge>
  );
}

/** What limits the unsigned pixel, in the campaign's own terms. */
function unsignedLimits(
  campaign: PixelCampaign,
  money: ReturnType<typeof useFormatMoney>,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  if (campaign.max_order_minor !== null) {
    return t('pixel.limitMax', { max: money(campaign.max_order_minor, campaign.currency) });
  }
  if (campaign.commission_model === 'revshare') return t('pixel.limitRevshare');
  return t('pixel.limitNoMax');
}

/**
 * The browser pixel for the thank-you page: off unless the campaign turned it on; when on, the unsigned
 * tag (limited, since anyone who sees the click id could fire it) and the signed one.
 */
export function PixelPanel({ campaign, onEditCampaign, origin = window.location.origin }: PixelPanelProps) {
  const { t } = useTranslation('tracking');
  const enabled = campaign.pixel_enabled;
  const money = useFormatMoney();
  return (
    <Card withBorder component="section" aria-labelledby="pixel-heading">
      <Stack gap="md">
        <Group gap="sm">
          <Title order={2} size="h4" id="pixel-heading">
            {t('pixel.heading')}
          </Title>
          <PixelModeBadge enabled={enabled} />
        </Group>
        {enabled ? (
          <>
            <Text size="sm" c="dimmed">
              <CodeText text={t('pixel.intro')} />
            </Text>
            <Stack gap={4}>
              <CopyValue label={t('pixel.unsigned')} block value={pixelSnippet(origin, campaign)} />
              <Text size="xs" c="dimmed">
                {t('pixel.unsignedLimits', { limits: unsignedLimits(campaign, money, t) })}
              </Text>
            </Stack>
            <Stack gap={4}>
              <CopyValue label={t('pixel.signed')} block value={signedPixelSnippet(origin, campaign)} />
              <Text size="xs" c="dimmed">
                <CodeText text={t('pixel.signedHelp')} />
              </Text>
            </Stack>
            <CopyValue label={t('pixel.node')} block value={nodeSignatureExample(campaign)} />
            <CopyValue label={t('pixel.php')} block value={phpSignatureExample(campaign)} />
          </>
        ) : (
          <>
            <Text size="sm">{t('pixel.offText')}</Text>
            {onEditCampaign && (
              <Group>
                <Button variant="light" onClick={onEditCampaign}>
                  {t('pixel.edit')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
