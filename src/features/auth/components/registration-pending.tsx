import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The account exists but waits for admin approval: no session, just the server's message. */
export function RegistrationPending({ message }: { message: string }) {
  return (
    <Stack>
      <Alert color="blue" variant="light" title="Account created">
        {message}
      </Alert>
      <Anchor component={Link} to="/login">
        Back to login
      </Anchor>
    </Stack>
  );
}
