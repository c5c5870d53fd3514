import { Button, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** The next step, e.g. "Create campaign". */
  action?: { label: string; onClick(): void };
}

/** What an empty list says: why it is empty and, where there is one, the action that fills it. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="xs" ta="center">
        <Text fw={600}>{title}</Text>
        {description && <Text size="sm">{description}</Text>}
        {action && (
          <Button mt="xs" onClick={action.onClick}>
            {action.label}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
