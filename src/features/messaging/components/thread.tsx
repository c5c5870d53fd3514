import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useOnlineStatus } from '../../../lib/offline/online-status';
import { useConversation } from '../api/get-conversation';
import { useMessages } from '../api/get-messages';
import { useMarkConversationRead } from '../api/mark-read';
import { threadMessages } from '../utils/message-cache';
import { conversationTitle, displayName, otherMembers, roleLabel } from '../utils/format';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';
import { useTranslation } from '../../../lib/i18n';

interface ThreadProps {
  conversationId: string;
  user: { id: string; name: string };
  /** phones: back to the conversation list */
  onBack?: () => void;
}

function BackIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M15 18l-6-6 6-6" />
    </svg>
  );
}

/** Near the bottom: new messages scroll into view; further up the reader keeps their place. */
const NEAR_BOTTOM_PX = 120;

/** One conversation: header, messages (older ones load when scrolling up), composer. */
export function Thread({ conversationId, user, onBack }: ThreadProps) {
  const { t } = useTranslation('messaging');
  const conversation = useConversation(conversationId);
  const thread = useMessages(conversationId);
  const markRead = useMarkConversationRead();
  const online = useOnlineStatus();
  const viewport = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);
  const atBottom = useRef(true);
  const items = useMemo(() => threadMessages(thread.data), [thread.data]);
  const newest = items.filter((m) => !m.pending).at(-1);
  const unreadFromOthers = newest && newest.sender_id !== user.id;
  const { mutate: markThreadRead } = markRead;

  // reading the thread moves the read receipt to its newest message (again when more arrive)
  useEffect(() => {
    if (newest && unreadFromOthers) markThreadRead(conversationId);
  }, [conversationId, newest?.seq, unreadFromOthers, markThreadRead]); // eslint-disable-line react-hooks/exhaustive-deps

  // keep the reader at the bottom as messages arrive, or in place when older ones are put above
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (atBottom.current || items.at(-1)?.sender_id === user.id) el.scrollTop = el.scrollHeight;
  }, [items, user.id]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const loadOlder = () => {
    if (!hasNextPage || isFetchingNextPage) return;
    heightBeforeOlder.current = viewport.current?.scrollHeight ?? null;
    void fetchNextPage();
  };

  // infinite scroll up: the sentinel above the oldest message loads the page before it
  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadOlder();
      },
      { root: viewport.current, rootMargin: '80px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  });

  const others = conversation.data ? otherMembers(conversation.data, user.id) : [];
  const group = others.length > 1;
  const title = conversation.data ? conversationTitle(conversation.data, user.id) : t('thread.fallbackTitle');
  const seenUpTo = Math.min(...others.map((m) => m.last_read_seq), Number.MAX_SAFE_INTEGER);

  if (conversation.error) {
    return (
      <Center h="100%" p="md">
        <Stack align="center" gap="xs">
          <Text fw={600}>{t('thread.unavailable')}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {errorMessage(conversation.error, t('thread.unavailableText'))}
          </Text>
          {onBack && (
            <Button variant="light" onClick={onBack}>
              {t('thread.back')}
            </Button>
          )}
        </Stack>
      </Center>
    );
  }

  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      <Group
        gap="xs"
        p="sm"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {onBack && (
          <ActionIcon variant="subtle" onClick={onBack} aria-label={t('thread.back')}>
            <BackIcon />
          </ActionIcon>
        )}
        <Box style={{ minWidth: 0 }}>
          <Text fw={700} truncate="end" component="h2" size="md" m={0}>
            {title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {[
              others
                .map((m) => t('thread.member', { name: displayName(m), role: roleLabel(m.role) }))
                .join(', '),
              conversation.data?.campaign_name
                ? t('thread.about', { campaign: conversation.data.campaign_name })
                : null,
            ]
              .filter(Boolean)
              .join(' — ')}
          </Text>
        </Box>
      </Group>

      <ScrollArea
        viewportRef={viewport}
        style={{ flex: 1 }}
        type="auto"
        aria-label={t('thread.messagesWith', { title })}
        onScrollPositionChange={({ y }) => {
          const el = viewport.current;
          if (el) atBottom.current = el.scrollHeight - y - el.clientHeight < NEAR_BOTTOM_PX;
        }}
      >
        <Stack gap="sm" p="sm" role="log" aria-live="polite">
          <div ref={top} />
          {thread.hasNextPage && (
            <Center>
              <Button variant="subtle" size="xs" loading={thread.isFetchingNextPage} onClick={loadOlder}>
                {t('thread.older')}
              </Button>
            </Center>
          )}
          {thread.isPending && (
            <Center p="lg">
              <Loader size="sm" aria-label={t('thread.loading')} />
            </Center>
          )}
          {thread.error && (
            <Alert color="red" variant="light">
              {errorMessage(thread.error, t('thread.loadError'))}
            </Alert>
          )}
          {thread.data && items.length === 0 && (
            <Text c="dimmed" ta="center" size="sm" p="lg">
              {t('thread.empty')}
            </Text>
          )}
          {items.map((m) => (
            <MessageBubble
              key={m.id}
              message={m}
              mine={m.sender_id === user.id}
              showSender={group}
              seen={
                !group && m.sender_id === user.id && !m.pending && m.seq <= seenUpTo && m.id === newest?.id
              }
              offline={!online}
            />
          ))}
        </Stack>
      </ScrollArea>

      <Box p="sm" pt={0}>
        <Composer conversationId={conversationId} sender={user} />
      </Box>
    </Stack>
  );
}
