import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { useTranslation } from '../../../lib/i18n';
import { hasToken, useRegister } from '../api/register';
import { usePasswordCheck } from '../hooks/use-password-check';
import { validateEmail, validateNewPassword, validateRequired } from '../utils/validation';
import { FormError } from './form-error';
import { RegistrationPending } from './registration-pending';
import { RoleChoice, validateRole, type SelfRegisterRole } from './role-choice';
import { ReferralNote } from './referral-note';

/** `referralCode`: from a publisher's referral link (`/register?ref=CODE`); the account is then a publisher's. */
export function RegisterForm({ referralCode }: { referralCode?: string }) {
  const { t } = useTranslation('auth');
  const register = useRegister();
  const form = useForm({
    initialValues: {
      name: '',
      email: '',
      password: '',
      role: (referralCode ? 'publisher' : '') as SelfRegisterRole | '',
    },
    validate: {
      name: validateRequired(t('field.name')),
      email: validateEmail,
      password: validateNewPassword,
      role: validateRole,
    },
  });
  const passwordCheck = usePasswordCheck();
  // The server scores the password against these too.
  const userInputs = [form.values.email, form.values.name];

  const submit = async (values: typeof form.values) => {
    const weak = await passwordCheck.check(values.password, [values.email, values.name]);
    if (weak) return form.setFieldError('password', weak);
    register.mutate({
      ...values,
      role: values.role as SelfRegisterRole,
      name: values.name.trim(),
      // only publishers can be referred: an advertiser's sign-up leaves the code out
      ...(referralCode && values.role === 'publisher' ? { referral_code: referralCode } : {}),
    });
  };

  if (register.data && !hasToken(register.data)) {
    return <RegistrationPending message={register.data.message} />;
  }

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack>
        <FormError error={register.error} fallback={t('fallback.register')} />
        {referralCode && <ReferralNote code={referralCode} />}
        {/* Above the password: its strength meter grows once the score loads (a lazy chunk, slow on a
            slow phone), and a radio below it moved away from under a tap aimed at it just then. */}
        <RoleChoice {...form.getInputProps('role')} />
        <TextInput label={t('field.name')} autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput
          label={t('field.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('field.password')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordStrengthMeter password={form.values.password} userInputs={userInputs} />
        <Button type="submit" loading={register.isPending || passwordCheck.checking}>
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
