import { Accordion, Alert, Anchor, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useMailOutbox } from '../api/get-mail-outbox';

/** The mail the platform would have sent, newest first, when no SMTP server is configured. */
export function MailOutboxPanel() {
  const { data, error, isPending } = useMailOutbox();
  if (isPending) return <Loader size="sm" aria-label="Loading the outbox" />;
  if (error) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error, 'Could not load the outbox.')}
      </Alert>
    );
  }
  if (data.smtp) {
    return (
      <Alert color="blue" variant="light" title="Mail goes out through SMTP">
        An SMTP server is configured, so there is no outbox to read here.
      </Alert>
    );
  }
  if (data.mails.length === 0) return <Text c="dimmed">No mail yet.</Text>;
  return (
    <Accordion variant="separated" aria-label="Outgoing mail">
      {data.mails.map((mail) => (
        <Accordion.Item key={mail.id} value={mail.id}>
          <Accordion.Control>
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {mail.subject}
              </Text>
              <Text size="xs" c="dimmed">
                {`To ${mail.to} · ${formatDateTime(mail.created_at)}`}
              </Text>
            </Stack>
          </Accordion.Control>
          <Accordion.Panel>
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {mail.text}
            </Code>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** In the settings, where SMTP would be: how mail goes out, and the way to the outbox when there is one. */
export function OutgoingMailNote() {
  const { data } = useMailOutbox();
  if (!data) return null;
  if (data.smtp) return <Text size="sm">Mail is sent through the SMTP server set in SMTP_URL.</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm">
        No SMTP server is configured (set SMTP_URL and MAIL_FROM to send real mail). Until then the platform
        keeps every message it would send in the outbox.
      </Text>
      <Group gap="xs">
        <Anchor component={Link} to="/admin-mail-outbox" size="sm">
          Open the mail outbox
        </Anchor>
        <Text size="sm" c="dimmed">
          {`${data.mails.length}${data.mails.length === 200 ? '+' : ''} ${data.mails.length === 1 ? 'message' : 'messages'}`}
        </Text>
      </Group>
    </Stack>
  );
}
