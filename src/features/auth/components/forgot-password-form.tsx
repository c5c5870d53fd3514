import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../lib/i18n';
import { useForgotPassword } from '../api/forgot-password';
import { validateEmail } from '../utils/validation';
import { FormError } from './form-error';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
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
        <FormError error={forgot.error} fallback={t('fallback.forgotPassword')} />
        <TextInput
          label={t('field.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={forgot.isPending}>
          {t('forgot.send')}
        </Button>
      </Stack>
    </form>
  );
}
