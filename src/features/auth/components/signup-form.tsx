import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FALLBACK_MESSAGES } from '../../../lib/api-client';
import { hasToken } from '../api/register';
import { useRegisterSimplified } from '../api/register-simplified';
import { validateEmail, validateNewPassword } from '../utils/validation';
import { FormError } from './form-error';
import { RegistrationPending } from './registration-pending';
import { RoleChoice, type SelfRegisterRole } from './role-choice';

/** Simplified registration: just email, password and role; the profile comes during onboarding. */
export function SignupForm() {
  const signup = useRegisterSimplified();
  const form = useForm({
    initialValues: { email: '', password: '', role: 'advertiser' as SelfRegisterRole },
    validate: { email: validateEmail, password: validateNewPassword },
  });

  if (signup.data && !hasToken(signup.data)) {
    return <RegistrationPending message={signup.data.message} />;
  }

  return (
    <form noValidate onSubmit={form.onSubmit((values) => signup.mutate(values))}>
      <Stack>
        <FormError error={signup.error} fallback={FALLBACK_MESSAGES.register} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <RoleChoice {...form.getInputProps('role')} />
        <Button type="submit" loading={signup.isPending}>
          Sign up
        </Button>
      </Stack>
    </form>
  );
}
