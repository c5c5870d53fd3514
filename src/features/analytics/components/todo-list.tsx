import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TodoItem } from '../types';

/** What waits for the user, each a link to where it is done; items with nothing waiting are left out. */
export function TodoList({ items }: { items: TodoItem[] }) {
  const open = items.filter((item) => item.count > 0);
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="sm">
        To do
      </Title>
      {open.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing is waiting for you.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="To do">
          {open.map((item) => (
            <Group component="li" key={item.key} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={item.link} size="sm">
                {item.label}
              </Anchor>
              <Badge variant="light">{item.count}</Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
