import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { AnalyticsRole } from '../types';

interface NextStep {
  text: string;
  links: { to: string; label: string }[];
}

/** What gets traffic flowing, for each role. */
const NEXT_STEPS: Record<AnalyticsRole, NextStep> = {
  advertiser: {
    text: 'Clicks and sales arrive once publishers promote your campaigns. Next steps: create a campaign (or activate a draft), invite publishers to it and check your tracking setup.',
    links: [
      { to: '/action=create', label: 'Create campaign' },
      { to: '/publishers', label: 'Find publishers' },
      { to: '/tracking', label: 'Check tracking' },
    ],
  },
  publisher: {
    text: 'Figures arrive once visitors use your tracking links. Next step: apply to a campaign and place its tracking link on your verified website.',
    links: [
      { to: '/campaigns', label: 'Browse campaigns' },
      { to: '/tracking', label: 'Your tracking links' },
    ],
  },
  admin: {
    text: 'The platform has recorded no clicks or conversions for this period. Next step: approve waiting advertisers, publishers and applications so campaigns can run.',
    links: [
      { to: '/admin-applications', label: 'Review applications' },
      { to: '/admin-publishers', label: 'Review publishers' },
    ],
  },
};

/** Shown instead of empty charts when the range has no traffic. */
export function EmptyDashboard({
  role,
  hadTrafficBefore,
}: {
  role: AnalyticsRole;
  hadTrafficBefore: boolean;
}) {
  const step = NEXT_STEPS[role];
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {hadTrafficBefore ? 'No traffic in this period' : 'No traffic yet'}
        </Title>
        <Text>{step.text}</Text>
        <Group gap="md">
          {step.links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to}>
              {link.label}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
