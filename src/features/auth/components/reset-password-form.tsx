import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { errorMessage, httpStatus } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useResetPassword } from '../api/reset-password';
import { usePasswordCheck } from '../hooks/use-password-check';
import { validateNewPassword } from '../utils/validation';
import { FormError } from './form-error';

export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { new_password: '' },
    validate: { new_password: validateNewPassword },
  });
  const passwordCheck = usePasswordCheck();

  // The link carries no e-mail or name, so the check has no user inputs; the server adds them.
  const submit = async (resetToken: string, new_password: string) => {
    const weak = await passwordCheck.check(new_password, []);
    if (weak) return form.setFieldError('new_password', weak);
    reset.mutate({ token: resetToken, new_password });
  };

  if (!token) {
    return (
      <Stack>
        <Alert color="red" variant="light">
          {t('reset.incomplete')}
        </Alert>
        <Anchor component={Link} to="/forgot-password">
          {t('reset.requestNew')}
        </Anchor>
      </Stack>
    );
  }

  // A 400 is about the link itself (unknown, used or expired): another password cannot help, a new link can.
  if (httpStatus(reset.error) === 400) {
    return (
      <Stack>
        <Alert color="red" variant="light" role="alert">
          {errorMessage(reset.error, t('fallback.resetPassword'))}
        </Alert>
        <Anchor component={Link} to="/forgot-password">
          {t('reset.requestNew')}
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
          {t('backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(token, values.new_password))}>
      <Stack>
        <FormError error={reset.error} fallback={t('fallback.resetPassword')} />
        <PasswordInput
          label={t('field.newPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('new_password')}
        />
        <PasswordStrengthMeter password={form.values.new_password} />
        <Button type="submit" loading={reset.isPending || passwordCheck.checking}>
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
