import { Card, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  /** e.g. the change against the previous period */
  footer?: ReactNode;
}

/** One headline figure. It is a named group so "Clicks" and its value are read together. */
export function StatCard({ label, value, footer }: StatCardProps) {
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fz="xl" fw={700} lh={1.2}>
          {value}
        </Text>
        {footer}
      </Stack>
    </Card>
  );
}

/** Placeholder of the same size while the figures load. */
export function StatCardSkeleton() {
  return (
    <Card withBorder padding="md" aria-hidden="true">
      <Stack gap={8}>
        <Skeleton height={12} width="50%" />
        <Skeleton height={24} width="70%" />
        <Skeleton height={10} width="40%" />
      </Stack>
    </Card>
  );
}
