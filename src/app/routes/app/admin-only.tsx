import { Alert, Button, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuthUser } from '../../../features/auth/stores/auth-store';

/** Admin pages: anyone else sees why they cannot use it (the server refuses their calls anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useAuthUser();
  if (!user) return null;
  if (user.role !== 'admin') {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1}>Not allowed</Title>
        <Alert color="red" variant="light" title="This page is for admins only">
          Your account cannot open admin pages. If you think you need access, ask a platform admin.
        </Alert>
        <Button component={Link} to="/dashboard" variant="default">
          Go to the dashboard
        </Button>
      </Stack>
    );
  }
  return children;
}
