import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { useTranslation } from '../../../lib/i18n';
import { hasToken } from '../api/register';
import { useRegisterSimplified } from '../api/register-simplified';
import { usePasswordCheck } from '../hooks/use-password-check';
import { validateEmail, validateNewPassword } from '../utils/validation';
import { FormError } from './form-error';
import { RegistrationPending } from './registration-pending';
import { RoleChoice, validateRole, type SelfRegisterRole } from './role-choice';
import { ReferralNote } from './referral-note';

/** Simplified registration: just email, password and role; the profile comes during onboarding. */
export function SignupForm({ referralCode }: { referralCode?: string }) {
  const { t } = useTranslation('auth');
  const signup = useRegisterSimplified();
  const form = useForm({
    initialValues: { email: '', password: '', role: (referralCode ? 'publisher' : '') as SelfRegisterRole | '' },
    validate: { email: validateEmail, password: validateNewPassword, role: validateRole },
  });
  const passwordCheck = usePasswordCheck();

  const submit = async (values: typeof form.values) => {
    const weak = await passwordCheck.check(values.password, [values.email]);
    if (weak) return form.setFieldError('password', weak);
    signup.mutate({
      ...values,
      role: values.role as SelfRegisterRole,
      ...(referralCode && values.role === 'publisher' ? { referral_code: referralCode } : {}),
    });
  };

  if (signup.data && !hasToken(signup.data)) {
    return <RegistrationPending message={signup.data.message} />;
  }

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack>
        <FormError error={signup.error} fallback={t('fallback.register')} />
        {referralCode && <ReferralNote code={referralCode} />}
        {/* Above the password: its strength meter grows once the score loads (a lazy chunk, slow on a
            slow phone), and a radio below it moved away from under a tap aimed at it just then. */}
        <RoleChoice {...form.getInputProps('role')} />
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
        <PasswordStrengthMeter password={form.values.password} userInputs={[form.values.email]} />
        <Button type="submit" loading={signup.isPending || passwordCheck.checking}>
          {t('signup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
