import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useConversations } from '../api/get-conversations';
import type { Conversation } from '../types';
import { initials } from '../../../lib/format-text';
import { conversationTitle, shortTime } from '../utils/format';
import classes from './conversation-list.module.css';
import { useTranslation } from '../../../lib/i18n';

export const CONVERSATION_LIST_LIMIT = 50;

interface ConversationListProps {
  userId: string;
  selectedId: string | null;
  onSelect(id: string): void;
  onNew(): void;
}

function preview(
  conversation: Conversation,
  userId: string,
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  const last = conversation.last_message;
  if (!last) return t('list.noMessages');
  const text = last.body || t('list.attachments', { count: last.attachments.length });
  return last.sender_id === userId ? t('list.you', { text }) : text;
}

function ConversationRow({
  conversation,
  userId,
  selected,
  onSelect,
}: {
  conversation: Conversation;
  userId: string;
  selected: boolean;
  onSelect(): void;
}) {
  const { t } = useTranslation('messaging');
  const title = conversationTitle(conversation, userId);
  const unread = conversation.unread_count;
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      p="sm"
      style={{
        display: 'block',
        width: '100%',
        borderRadius: 'var(--mantine-radius-md)',
        background: selected ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {/* Named by its content, which must match what is seen (WCAG 2.5.3): the initials are drawn
            by CSS (decoration), the unread count is read as "N unread". */}
        <Avatar radius="xl" color="blue" size="md" aria-hidden>
          <span className={classes.initials} data-initials={initials(title)} />
        </Avatar>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Text fw={unread ? 700 : 600} size="sm" truncate="end">
              {title}
            </Text>
            {conversation.last_message_at && (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {shortTime(conversation.last_message_at)}
              </Text>
            )}
          </Group>
          {conversation.campaign_name && (
            <Text size="xs" c="blue" truncate="end">
              {conversation.campaign_name}
            </Text>
          )}
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Text size="sm" c={unread ? undefined : 'dimmed'} fw={unread ? 600 : 400} truncate="end">
              {preview(conversation, userId, t)}
            </Text>
            {unread > 0 && (
              <Badge size="sm" color="red" circle={unread < 10} style={{ flexShrink: 0 }}>
                {unread > 99 ? '99+' : unread}
              </Badge>
            )}
            {unread > 0 && <VisuallyHidden>{t('list.unread')}</VisuallyHidden>}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

/** The conversation pane: newest activity first, with last message and unread count. */
export function ConversationList({ userId, selectedId, onSelect, onNew }: ConversationListProps) {
  const { t } = useTranslation('messaging');
  const { data, error, isPending } = useConversations({ limit: CONVERSATION_LIST_LIMIT });
  return (
    <Stack gap="xs" h="100%" style={{ minHeight: 0 }}>
      <Group justify="space-between" px="xs" pt="xs" wrap="nowrap">
        <Text fw={700}>{t('list.title')}</Text>
        <Button size="xs" onClick={onNew}>
          {t('list.new')}
        </Button>
      </Group>
      {isPending && <Loader size="sm" m="md" aria-label={t('list.loading')} />}
      {error && (
        <Alert color="red" variant="light" m="xs">
          {errorMessage(error, t('list.loadError'))}
        </Alert>
      )}
      {data && data.items.length === 0 && (
        <Stack gap={4} p="md" align="center">
          <Text fw={600}>{t('list.empty')}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t('list.emptyHelp')}
          </Text>
        </Stack>
      )}
      {data && data.items.length > 0 && (
        <ScrollArea style={{ flex: 1 }} type="auto" aria-label={t('list.label')}>
          <Stack gap={2} px={4} pb="xs" component="ul" style={{ listStyle: 'none', margin: 0 }}>
            {data.items.map((c) => (
              <li key={c.id}>
                <ConversationRow
                  conversation={c}
                  userId={userId}
                  selected={c.id === selectedId}
                  onSelect={() => onSelect(c.id)}
                />
              </li>
            ))}
          </Stack>
          {data.total > data.items.length && (
            <Text size="xs" c="dimmed" ta="center" pb="xs">
              {t('list.more', { shown: data.items.length, total: data.total })}
            </Text>
          )}
        </ScrollArea>
      )}
    </Stack>
  );
}
