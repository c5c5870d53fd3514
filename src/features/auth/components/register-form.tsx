import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FALLBACK_MESSAGES } from '../../../lib/api-client';
import { hasToken, useRegister } from '../api/register';
import { validateEmail, validateNewPassword, validateRequired } from '../utils/validation';
import { FormError } from './form-error';
import { RegistrationPending } from './registration-pending';
import { RoleChoice, type SelfRegisterRole } from './role-choice';

export function RegisterForm() {
  const register = useRegister();
  const form = useForm({
    initialValues: { name: '', email: '', password: '', role: 'advertiser' as SelfRegisterRole },
    validate: { name: validateRequired('Name'), email: validateEmail, password: validateNewPassword },
  });

  if (register.data && !hasToken(register.data)) {
    return <RegistrationPending message={register.data.message} />;
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => register.mutate({ ...values, name: values.name.trim() }))}
    >
      <Stack>
        <FormError error={register.error} fallback={FALLBACK_MESSAGES.register} />
        <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
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
        <Button type="submit" loading={register.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
