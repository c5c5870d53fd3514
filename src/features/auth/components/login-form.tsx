import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { translate, useTranslation } from '../../../lib/i18n';
import { useLogin } from '../api/login';
import { validateEmail, validateRequired } from '../utils/validation';
import { FormError } from './form-error';

type Field = 'email' | 'password';
const VALIDATE: Record<Field, (value: string) => string | null> = {
  email: validateEmail,
  password: (value) => validateRequired(translate('auth', 'field.password'))(value),
};

/**
 * On success the auth store holds the session; the route guard then leaves the login page. Two fields
 * with plain state (no form library): this form is in the entry chunk, the first screen of a visit.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const inputProps = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['email', 'password'] as const) {
      const error = VALIDATE[field](values[field]);
      if (error) found[field] = error;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) login.mutate(values);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <FormError error={login.error} fallback={t('fallback.login')} />
        <TextInput
          label={t('field.email')}
          type="email"
          autoComplete="email"
          required
          {...inputProps('email')}
        />
        <PasswordInput
          label={t('field.password')}
          autoComplete="current-password"
          required
          {...inputProps('password')}
        />
        <Button type="submit" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
