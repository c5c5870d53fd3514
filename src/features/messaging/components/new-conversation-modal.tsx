import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useContacts } from '../api/get-contacts';
import { MAX_BODY_CHARS } from '../../../../contracts/messaging';
import { useStartConversation } from '../api/start-conversation';
import type { Contact, Conversation } from '../types';
import { displayName, roleLabel } from '../utils/format';

const labelOf = (c: Contact) => `${displayName(c)} — ${roleLabel(c.role)}`;

interface NewConversationModalProps {
  opened: boolean;
  onClose(): void;
  onStarted(conversation: Conversation): void;
  /** preselected recipient and campaign (a "Message" button elsewhere in the app) */
  initialRecipientId?: string | null;
  initialCampaignId?: string | null;
}

/** Starts a conversation with someone the caller may message (or continues the one they already have). */
export function NewConversationModal(props: NewConversationModalProps) {
  // the form mounts with each opening, so it starts from the recipient a "Message" button chose
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="New message" size="lg">
      {props.opened && <NewConversationForm {...props} />}
    </Modal>
  );
}

function NewConversationForm({
  onClose,
  onStarted,
  initialRecipientId = null,
  initialCampaignId = null,
}: NewConversationModalProps) {
  const [search, setSearch] = useState('');
  const [recipientId, setRecipientId] = useState<string | null>(initialRecipientId);
  const [picked, setPicked] = useState<Contact | null>(null);
  const [campaignId, setCampaignId] = useState<string | null>(initialCampaignId);
  const [body, setBody] = useState('');
  const contacts = useContacts('', {});
  const initial = contacts.data ?? [];
  const recipient = (picked?.id === recipientId ? picked : initial.find((c) => c.id === recipientId)) ?? null;
  // the picker shows the chosen person's label as its search text: that is not a new search
  const [debounced] = useDebouncedValue(recipient && search === labelOf(recipient) ? '' : search, 250);
  const searched = useContacts(debounced, { enabled: debounced !== '' });
  const found = debounced ? (searched.data ?? []) : initial;
  const everyone = recipient && !found.some((c) => c.id === recipient.id) ? [recipient, ...found] : found;
  const start = useStartConversation();

  const campaigns = recipient?.campaigns ?? [];
  const unknownRecipient = Boolean(recipientId) && !recipient && contacts.isSuccess;
  const trimmed = body.trim();

  const submit = () => {
    if (!recipientId || !trimmed) return;
    start.mutate(
      {
        participant_ids: [recipientId],
        campaign_id: campaigns.some((c) => c.id === campaignId) ? campaignId : null,
        body: trimmed,
      },
      { onSuccess: onStarted },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Select
          label="To"
          placeholder="Search people you work with"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={
            contacts.isFetching || searched.isFetching ? 'Searching…' : 'Nobody you may message matches'
          }
          data={everyone.map((c) => ({ value: c.id, label: labelOf(c) }))}
          value={recipient ? recipientId : null}
          onChange={(value) => {
            setRecipientId(value);
            setPicked(everyone.find((c) => c.id === value) ?? null);
            setCampaignId(null);
          }}
          filter={({ options }) => options}
          required
        />
        {unknownRecipient && (
          <Alert color="yellow" variant="light">
            You cannot message this person: advertisers and publishers can write to each other once the
            publisher has applied to one of the advertiser’s campaigns; anyone can write to an admin.
          </Alert>
        )}
        {campaigns.length > 0 && (
          <Select
            label="About a campaign (optional)"
            placeholder="No particular campaign"
            clearable
            data={campaigns.map((c) => ({ value: c.id, label: c.name }))}
            value={campaignId}
            onChange={setCampaignId}
          />
        )}
        <Textarea
          label="Message"
          required
          autosize
          minRows={3}
          maxRows={10}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={trimmed.length > MAX_BODY_CHARS ? `At most ${MAX_BODY_CHARS} characters` : undefined}
        />
        {start.error && (
          <Alert color="red" variant="light">
            {errorMessage(start.error, 'The message was not sent.')}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          If you already talk to this person about the same campaign, the message goes into that conversation.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={start.isPending}
            disabled={!recipient || !trimmed || trimmed.length > MAX_BODY_CHARS}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
