import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FALLBACK_MESSAGES } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { validateEmail } from '../utils/validation';
import { FormError } from './form-error';

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const form = useForm({ initialValues: { email: '' }, validate: { email: validateEmail } });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => forgot.mutate(values))}>
      <Stack>
        {forgot.data && (
          <Alert color="green" variant="light">
            {forgot.data.message}
          </Alert>
        )}
        <FormError error={forgot.error} fallback={FALLBACK_MESSAGES.forgotPassword} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={forgot.isPending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
