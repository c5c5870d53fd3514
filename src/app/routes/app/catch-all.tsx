import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { PlaceholderPage } from '../../../components/placeholder-page';
import { MESSAGING_DESCRIPTION } from './placeholder-pages';

const CONVERSATION_PREFIX = '/conversation=';

/** The conversation id in a `/conversation=<id>` path (a push click target), or null. */
export function conversationIdFromPath(pathname: string): string | null {
  if (!pathname.startsWith(CONVERSATION_PREFIX)) return null;
  const raw = pathname.slice(CONVERSATION_PREFIX.length);
  if (!raw || raw.includes('/')) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export function NotFound() {
  return (
    <Stack gap="sm">
      <Title order={1}>Page not found</Title>
      <Text>There is nothing at this address.</Text>
      <Anchor component={Link} to="/dashboard">
        Go to the dashboard
      </Anchor>
    </Stack>
  );
}

/** React Router cannot match a parameter inside a segment, so `/conversation=<id>` is matched here. */
export function CatchAllRoute() {
  const { pathname } = useLocation();
  const conversationId = conversationIdFromPath(pathname);
  if (conversationId === null) return <NotFound />;
  return (
    <PlaceholderPage title="Messages" description={MESSAGING_DESCRIPTION}>
      <Text>
        Conversation <strong>{conversationId}</strong>
      </Text>
    </PlaceholderPage>
  );
}
