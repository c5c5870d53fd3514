import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useContacts } from '../api/get-contacts';
import { MAX_BODY_CHARS } from '../../../../contracts/messaging';
import { useStartConversation } from '../api/start-conversation';
import type { Contact, Conversation } from '../types';
import { displayName, roleLabel } from '../utils/format';
import { useTranslation } from '../../../lib/i18n';

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
  const { t } = useTranslation('messaging');
  // the form mounts with each opening, so it starts from the recipient a "Message" button chose
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('new.title')} size="lg">
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
  const { t } = useTranslation('messaging');
  const { t: tc } = useTranslation('common');
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
          label={t('new.to')}
          placeholder={t('new.search')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={
            contacts.isFetching || searched.isFetching ? t('new.searching') : t('new.nobody')
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
            {t('new.notAllowed')}
          </Alert>
        )}
        {campaigns.length > 0 && (
          <Select
            label={t('new.campaign')}
            placeholder={t('new.noCampaign')}
            clearable
            data={campaigns.map((c) => ({ value: c.id, label: c.name }))}
            value={campaignId}
            onChange={setCampaignId}
          />
        )}
        <Textarea
          label={t('new.message')}
          required
          autosize
          minRows={3}
          maxRows={10}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={trimmed.length > MAX_BODY_CHARS ? t('new.tooLong', { max: MAX_BODY_CHARS }) : undefined}
        />
        {start.error && (
          <Alert color="red" variant="light">
            {errorMessage(start.error, t('composer.notSent'))}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('new.sameThread')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button
            type="submit"
            loading={start.isPending}
            disabled={!recipient || !trimmed || trimmed.length > MAX_BODY_CHARS}
          >
            {t('composer.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
