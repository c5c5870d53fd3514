import { Badge, CopyButton, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { Coupon } from '../types';

/** A publisher's codes on one campaign, beside its tracking link: each copies itself when tapped. */
export function CouponCodes({ coupons, campaignId }: { coupons: Coupon[]; campaignId: string }) {
  const { t } = useTranslation('coupons');
  const mine = coupons.filter((c) => c.campaign_id === campaignId);
  if (mine.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4} aria-label={t('codes.label')}>
      {mine.map((coupon) => (
        <CopyButton key={coupon.id} value={coupon.code}>
          {({ copied, copy }) => (
            <Badge
              component="button"
              type="button"
              variant={copied ? 'filled' : 'light'}
              radius="sm"
              tt="none"
              style={{ cursor: 'pointer' }}
              onClick={copy}
              aria-label={
                copied ? t('codes.copied', { code: coupon.code }) : t('codes.copy', { code: coupon.code })
              }
            >
              {coupon.code}
            </Badge>
          )}
        </CopyButton>
      ))}
    </Group>
  );
}
