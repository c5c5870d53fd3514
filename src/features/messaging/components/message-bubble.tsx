import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { Message } from '../types';
import { shortTime } from '../utils/format';
import { AttachmentView } from './attachment-view';
import { useTranslation } from '../../../lib/i18n';

interface MessageBubbleProps {
  message: Message;
  mine: boolean;
  /** show the sender's name (group conversations, other people's messages) */
  showSender: boolean;
  /** the other members have read it (own messages only) */
  seen: boolean;
  offline: boolean;
}

export function MessageBubble({ message, mine, showSender, seen, offline }: MessageBubbleProps) {
  const { t } = useTranslation('messaging');
  const status = message.pending
    ? offline
      ? t('bubble.waiting')
      : t('bubble.sending')
    : seen
      ? t('bubble.seen')
      : null;
  return (
    <Group
      justify={mine ? 'flex-end' : 'flex-start'}
      wrap="nowrap"
      data-pending={message.pending || undefined}
    >
      <Stack gap={2} maw="min(80%, 560px)" align={mine ? 'flex-end' : 'flex-start'}>
        {showSender && !mine && (
          <Text size="xs" c="dimmed" px={4}>
            {message.sender_name}
          </Text>
        )}
        <Paper
          px="sm"
          py={6}
          radius="lg"
          bg={mine ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-default-hover)'}
          c={mine ? 'white' : undefined}
          style={{ opacity: message.pending ? 0.55 : 1 }}
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
          {message.attachments.length > 0 && (
            <Stack gap={4} mt={6}>
              {message.attachments.map((a) => (
                <AttachmentView key={a.id} attachment={a} />
              ))}
            </Stack>
          )}
        </Paper>
        <Box px={4}>
          <Text size="xs" c="dimmed">
            {message.pending ? status : `${shortTime(message.created_at)}${status ? ` · ${status}` : ''}`}
          </Text>
        </Box>
      </Stack>
    </Group>
  );
}
