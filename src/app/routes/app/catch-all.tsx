import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { conversationIdFromPath, MessagingRoute } from './messaging';

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
  if (conversationIdFromPath(pathname) === null) return <NotFound />;
  return <MessagingRoute />;
}
