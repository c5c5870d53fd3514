import { ActionIcon, Alert, Button, CloseButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { newPendingId, useSendMessage } from '../api/send-message';
import type { Attachment } from '../types';
import { AttachmentPicker } from './attachment-picker';
import { MAX_BODY_CHARS } from '../../../../contracts/messaging';
import { useTranslation } from '../../../lib/i18n';

interface ComposerProps {
  conversationId: string;
  sender: { id: string; name: string };
}

function PaperclipIcon() {
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
      <path d="M21.4 11.1 12.2 20.3a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
    </svg>
  );
}

/** Writes a message (Enter sends, Shift+Enter breaks the line), with files from the media library. */
export function Composer({ conversationId, sender }: ComposerProps) {
  const { t } = useTranslation('messaging');
  const [body, setBody] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [picking, setPicking] = useState(false);
  const send = useSendMessage();
  const trimmed = body.trim();
  const tooLong = trimmed.length > MAX_BODY_CHARS;

  const submit = () => {
    if (!trimmed || tooLong) return;
    const input = {
      conversation_id: conversationId,
      body: trimmed,
      attachments,
      pending_id: newPendingId(),
      sender,
    };
    // cleared at once: the thread shows the message (greyed until the server has it, or while offline)
    setBody('');
    setAttachments([]);
    send.mutate(input, {
      onError: () => {
        setBody(input.body);
        setAttachments(input.attachments);
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap={6}>
          {send.error && !send.isPending && (
            <Alert color="red" variant="light" p="xs" withCloseButton onClose={() => send.reset()}>
              {errorMessage(send.error, t('composer.notSent'))}
            </Alert>
          )}
          {attachments.length > 0 && (
            <Group gap={6} aria-label={t('composer.attachments')}>
              {attachments.map((a) => (
                <Paper key={a.id} withBorder radius="xl" px="xs" py={2}>
                  <Group gap={4} wrap="nowrap">
                    <Text size="xs" maw={160} truncate="end">
                      {a.filename}
                    </Text>
                    <CloseButton
                      size="xs"
                      aria-label={t('composer.remove', { name: a.filename })}
                      onClick={() => setAttachments((list) => list.filter((x) => x.id !== a.id))}
                    />
                  </Group>
                </Paper>
              ))}
            </Group>
          )}
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('composer.attach')}
              onClick={() => setPicking(true)}
            >
              <PaperclipIcon />
            </ActionIcon>
            <Textarea
              aria-label={t('composer.message')}
              placeholder={t('composer.placeholder')}
              autosize
              minRows={1}
              maxRows={6}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  submit();
                }
              }}
              error={
                tooLong ? t('composer.tooLong', { max: MAX_BODY_CHARS, count: trimmed.length }) : undefined
              }
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={!trimmed || tooLong}>
              {t('composer.send')}
            </Button>
          </Group>
        </Stack>
      </form>
      <AttachmentPicker
        opened={picking}
        selected={attachments}
        onClose={() => setPicking(false)}
        onPick={(picked) => {
          setAttachments(picked);
          setPicking(false);
        }}
      />
    </Paper>
  );
}
