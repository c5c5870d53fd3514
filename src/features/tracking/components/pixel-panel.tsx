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
  return (
    <Badge color={enabled ? 'green' : 'gray'} variant="light">
      {enabled ? 'Pixel on' : 'Pixel off'}
    </Badge>
  );
}

/** What limits the unsigned pixel, in the campaign's own terms. */
function unsignedLimits(campaign: PixelCampaign, money: ReturnType<typeof useFormatMoney>): string {
  const base = 'one conversion per click, never approved automatically';
  if (campaign.max_order_minor !== null) {
    return `${base}, orders up to ${money(campaign.max_order_minor, campaign.currency)}`;
  }
  if (campaign.commission_model === 'revshare') {
    return `${base}; this campaign pays a revenue share and has no maximum order amount set, so unsigned pixels are refused until you set one`;
  }
  return `${base}, no maximum order amount`;
}

/**
 * The browser pixel for the thank-you page: off unless the campaign turned it on; when on, the unsigned
 * tag (limited, since anyone who sees the click id could fire it) and the signed one.
 */
export function PixelPanel({ campaign, onEditCampaign, origin = window.location.origin }: PixelPanelProps) {
  const enabled = campaign.pixel_enabled;
  const money = useFormatMoney();
  return (
    <Card withBorder component="section" aria-labelledby="pixel-heading">
      <Stack gap="md">
        <Group gap="sm">
          <Title order={2} size="h4" id="pixel-heading">
            Browser pixel
          </Title>
          <PixelModeBadge enabled={enabled} />
        </Group>
        {enabled ? (
          <>
            <Text size="sm" c="dimmed">
              For shops that cannot send a postback: put a pixel on the thank-you page and fill in{' '}
              <code>{'{click_id}'}</code>, <code>{'{order_id}'}</code> and <code>{'{amount}'}</code> per
              order. Prefer the signed pixel.
            </Text>
            <Stack gap={4}>
              <CopyValue
                label="Unsigned pixel (thank-you page)"
                block
                value={pixelSnippet(origin, campaign)}
              />
              <Text size="xs" c="dimmed">
                Reported by the visitor’s browser, so limited: {unsignedLimits(campaign, money)}.
              </Text>
            </Stack>
            <Stack gap={4}>
              <CopyValue
                label="Signed pixel (thank-you page)"
                block
                value={signedPixelSnippet(origin, campaign)}
              />
              <Text size="xs" c="dimmed">
                <code>sig</code> is the hex HMAC-SHA256 of <code>click_id|order_id|amount|currency</code>,
                keyed with this campaign’s tracking secret. Use the exact strings that appear in the URL
                (before URL-encoding); one you leave out counts as an empty string. Compute it on your server
                while it renders the thank-you page, never in the browser: the secret must stay secret. A
                signed pixel counts like a postback.
              </Text>
            </Stack>
            <CopyValue label="Signature in Node.js" block value={nodeSignatureExample(campaign)} />
            <CopyValue label="Signature in PHP" block value={phpSignatureExample(campaign)} />
          </>
        ) : (
          <>
            <Text size="sm">
              The browser pixel is off for this campaign: pixel conversions are refused. Report conversions
              with the postback above, or turn the pixel on under <strong>Browser pixel</strong> in the
              campaign’s edit form (Campaigns → Edit).
            </Text>
            {onEditCampaign && (
              <Group>
                <Button variant="light" onClick={onEditCampaign}>
                  Edit campaign settings
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
