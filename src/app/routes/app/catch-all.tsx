import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { conversationIdFromPath, MessagingRoute } from './messaging';
import { useTranslation } from '../../../lib/i18n';

export function NotFound() {
  const { t } = useTranslation('app');
  return (
    <Stack gap="sm">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to="/dashboard">
        {t('goToDashboard')}
      </Anchor>
    </Stack>
  );
}

/** React Router cannot match a parameter inside a segment, so `/conversation=<id>` is matched here. */
export function CatchAllRoute() {
  const { pathname } = useLocation();
  if (conversationIdFromPath(pathname) === null) return <NotFound />;
  return <MessagingRoute />;
}
