import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { AnalyticsRole } from '../types';
import { useTranslation } from '../../../lib/i18n';

/** What gets traffic flowing, for each role: the text is "empty.<role>", each link's label "empty.link.<key>". */
const NEXT_STEPS: Record<AnalyticsRole, { to: string; key: string }[]> = {
  advertiser: [
    { to: '/action=create', key: 'createCampaign' },
    { to: '/publishers', key: 'findPublishers' },
    { to: '/tracking', key: 'checkTracking' },
  ],
  publisher: [
    { to: '/campaigns', key: 'browseCampaigns' },
    { to: '/tracking', key: 'trackingLinks' },
  ],
  admin: [
    { to: '/admin-applications', key: 'reviewApplications' },
    { to: '/admin-publishers', key: 'reviewPublishers' },
  ],
};

/** Shown instead of empty charts when the range has no traffic. */
export function EmptyDashboard({
  role,
  hadTrafficBefore,
}: {
  role: AnalyticsRole;
  hadTrafficBefore: boolean;
}) {
  const { t } = useTranslation('analytics');
  const links = NEXT_STEPS[role];
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {hadTrafficBefore ? t('empty.period') : t('empty.yet')}
        </Title>
        <Text>{t(`empty.${role}`)}</Text>
        <Group gap="md">
          {links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to}>
              {t(`empty.link.${link.key}`)}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
