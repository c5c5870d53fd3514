import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { FALLBACK_MESSAGES } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { validateNewPassword } from '../utils/validation';
import { FormError } from './form-error';

export function ResetPasswordForm({ token }: { token: string | null }) {
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { new_password: '' },
    validate: { new_password: validateNewPassword },
  });

  if (!token) {
    return (
      <Stack>
        <Alert color="red" variant="light">
          This password reset link is incomplete. Ask for a new one.
        </Alert>
        <Anchor component={Link} to="/forgot-password">
          Request a new reset link
        </Anchor>
      </Stack>
    );
  }

  if (reset.data) {
    return (
      <Stack>
        <Alert color="green" variant="light">
          {reset.data.message}
        </Alert>
        <Anchor component={Link} to="/login">
          Back to login
        </Anchor>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={form.onSubmit(({ new_password }) => reset.mutate({ token, new_password }))}>
      <Stack>
        <FormError error={reset.error} fallback={FALLBACK_MESSAGES.resetPassword} />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          {...form.getInputProps('new_password')}
        />
        <Button type="submit" loading={reset.isPending}>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
