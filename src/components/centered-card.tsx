import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface CenteredCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  /** One line under the product name saying what the product is (the sign-in page). */
  pitch?: string;
}

/** Page frame for screens outside the app shell (sign-in, registration, onboarding). */
export function CenteredCard({ title, subtitle, children, footer, width = 420, pitch }: CenteredCardProps) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={width}>
        <Stack>
          <div>
            <Text fw={700} c="blue" size={pitch ? 'xl' : undefined}>
              Affilio
            </Text>
            {pitch && <Text size="sm">{pitch}</Text>}
          </div>
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </div>
          {children}
          {footer}
        </Stack>
      </Paper>
    </Center>
  );
}
