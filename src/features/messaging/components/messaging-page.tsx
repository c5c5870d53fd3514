import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import type { Conversation } from '../types';
import { setOpenThread } from '../utils/open-thread';
import { ConversationList } from './conversation-list';
import { NewConversationModal } from './new-conversation-modal';
import { Thread } from './thread';
import { useTranslation } from '../../../lib/i18n';

export interface NewMessageRequest {
  recipientId: string | null;
  campaignId: string | null;
}

interface MessagingPageProps {
  user: { id: string; name: string };
  /** the thread shown (from /conversation=<id>), or none */
  conversationId: string | null;
  onOpen(conversationId: string): void;
  onBack(): void;
  /** the new-message dialog is open, maybe with a recipient chosen elsewhere ("Message" buttons) */
  newMessage: NewMessageRequest | null;
  onNewMessage(request: NewMessageRequest | null): void;
}

/** /messaging: conversations beside the open thread; on a phone one pane at a time. */
export function MessagingPage({
  user,
  conversationId,
  onOpen,
  onBack,
  newMessage,
  onNewMessage,
}: MessagingPageProps) {
  const { t } = useTranslation('messaging');
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  useEffect(() => {
    setOpenThread(conversationId);
    return () => setOpenThread(null);
  }, [conversationId]);

  const list = (
    <ConversationList
      userId={user.id}
      selectedId={conversationId}
      onSelect={onOpen}
      onNew={() => onNewMessage({ recipientId: null, campaignId: null })}
    />
  );
  const thread = conversationId ? (
    <Thread
      key={conversationId}
      conversationId={conversationId}
      user={user}
      onBack={phone ? onBack : undefined}
    />
  ) : (
    <Center h="100%" p="md">
      <Stack gap={4} align="center">
        <Text fw={600}>{t('choose.title')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('choose.text')}
        </Text>
      </Stack>
    </Center>
  );

  return (
    <Stack gap="md">
      {!(phone && conversationId) && <Title order={1}>{t('title')}</Title>}
      <Paper
        withBorder
        radius="md"
        h={phone && conversationId ? 'calc(100dvh - 88px)' : 'calc(100dvh - 150px)'}
        mih={420}
        style={{ overflow: 'hidden' }}
      >
        {phone ? (
          conversationId ? (
            thread
          ) : (
            list
          )
        ) : (
          <Box style={{ display: 'flex', height: '100%' }}>
            <Box
              w={320}
              style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-default-border)' }}
            >
              {list}
            </Box>
            <Box style={{ flex: 1, minWidth: 0 }}>{thread}</Box>
          </Box>
        )}
      </Paper>
      <NewConversationModal
        opened={newMessage !== null}
        initialRecipientId={newMessage?.recipientId ?? null}
        initialCampaignId={newMessage?.campaignId ?? null}
        onClose={() => onNewMessage(null)}
        onStarted={(conversation: Conversation) => {
          onNewMessage(null);
          onOpen(conversation.id);
        }}
      />
    </Stack>
  );
}
