import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TodoItem } from '../types';
import { useTranslation } from '../../../lib/i18n';

/** What waits for the user, each a link to where it is done; items with nothing waiting are left out. */
export function TodoList({ items }: { items: TodoItem[] }) {
  const { t } = useTranslation('analytics');
  const open = items.filter((item) => item.count > 0);
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="sm">
        {t('todo.title')}
      </Title>
      {open.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('todo.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('todo.title')}>
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
