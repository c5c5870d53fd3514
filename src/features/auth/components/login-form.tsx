import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FALLBACK_MESSAGES } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { validateEmail, validateRequired } from '../utils/validation';
import { FormError } from './form-error';

/** On success the auth store holds the session; the route guard then leaves the login page. */
export function LoginForm() {
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: validateEmail, password: validateRequired('Password') },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => login.mutate(values))}>
      <Stack>
        <FormError error={login.error} fallback={FALLBACK_MESSAGES.login} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
