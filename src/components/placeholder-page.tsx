import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PlaceholderPageProps {
  title: string;
  description: string;
  children?: ReactNode;
}

/** A section that exists in navigation but whose screen ships in a later release. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      <Text>{description}</Text>
      {children}
      <Text c="dimmed">This section is coming in a later release.</Text>
    </Stack>
  );
}
