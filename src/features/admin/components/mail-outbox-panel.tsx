import { Accordion, Alert, Anchor, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/i18n';
import { useMailOutbox } from '../api/get-mail-outbox';

/** The mail the platform would have sent, newest first, when no SMTP server is configured. */
export function MailOutboxPanel() {
  const { t } = useTranslation('admin');
  const { data, error, isPending } = useMailOutbox();
  if (isPending) return <Loader size="sm" aria-label={t('outbox.loading')} />;
  if (error) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error, t('outbox.loadError'))}
      </Alert>
    );
  }
  if (data.smtp) {
    return (
      <Alert color="blue" variant="light" title={t('outbox.smtpTitle')}>
        {t('outbox.smtpText')}
      </Alert>
    );
  }
  if (data.mails.length === 0) return <Text c="dimmed">{t('outbox.none')}</Text>;
  return (
    <Accordion variant="separated" aria-label={t('outbox.label')}>
      {data.mails.map((mail) => (
        <Accordion.Item key={mail.id} value={mail.id}>
          <Accordion.Control>
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {mail.subject}
              </Text>
              <Text size="xs" c="dimmed">
                {t('outbox.to', { to: mail.to, date: formatDateTime(mail.created_at) })}
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
  const { t } = useTranslation('admin');
  const { data } = useMailOutbox();
  if (!data) return null;
  if (data.smtp) return <Text size="sm">{t('outbox.noteSmtp')}</Text>;
  const count = data.mails.length;
  return (
    <Stack gap={4}>
      <Text size="sm">{t('outbox.noteNoSmtp')}</Text>
      <Group gap="xs">
        <Anchor component={Link} to="/admin-mail-outbox" size="sm">
          {t('outbox.open')}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t('outbox.count', { count, shown: `${formatCount(count)}${count === 200 ? '+' : ''}` })}
        </Text>
      </Group>
    </Stack>
  );
}
