import { Button, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CountrySelect } from '../../../components/country-select';
import { useTranslation } from '../../../lib/i18n';
import type { CompleteProfileBody, Profile } from '../types';
import { withoutBlanks } from '../utils/needs-onboarding';
import { validateCountry, validateOptionalUrl, validateRequired } from '../utils/validation';

export interface StepProps {
  profile: Profile;
  /** The name given at registration: the display name a publisher starts from. */
  name: string;
  pending: boolean;
  onSubmit: (fields: CompleteProfileBody) => void;
}

/**
 * The person's name, as the app greets them: prefilled with the registration's (an e-mail sign-up's is the
 * address's first part, e.g. "adam.adv"), and sent only when changed.
 */
function withName<T extends Record<string, unknown>>(
  { your_name, ...values }: T & { your_name: string },
  registered: string,
): CompleteProfileBody {
  const typed = your_name.trim();
  return { ...withoutBlanks(values), ...(typed && typed !== registered ? { name: typed } : {}) };
}

/** The payout methods as options, labelled in the UI language. */
export function usePayoutMethodOptions() {
  const { t } = useTranslation('auth');
  return [
    { value: 'bank_transfer', label: t('payoutMethod.bank_transfer') },
    { value: 'paypal', label: t('payoutMethod.paypal') },
  ];
}

export function AdvertiserProfileStep({ profile, name, pending, onSubmit }: StepProps) {
  const { t } = useTranslation('auth');
  const form = useForm({
    initialValues: {
      your_name: name,
      company_name: profile.company_name ?? '',
      website: profile.website ?? '',
      country: profile.country ?? '',
    },
    validate: {
      your_name: validateRequired(t('onboarding.yourName')),
      company_name: validateRequired(t('profile.companyName')),
      website: validateOptionalUrl,
      country: validateCountry,
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(withName(values, name)))}>
      <Stack>
        <TextInput
          label={t('onboarding.yourName')}
          required
          autoComplete="name"
          {...form.getInputProps('your_name')}
        />
        <TextInput label={t('profile.companyName')} required {...form.getInputProps('company_name')} />
        <TextInput
          label={t('profile.website')}
          type="url"
          placeholder="https://"
          {...form.getInputProps('website')}
        />
        <CountrySelect label={t('profile.country')} required {...form.getInputProps('country')} />
        <Button type="submit" loading={pending}>
          {t('onboarding.continue')}
        </Button>
      </Stack>
    </form>
  );
}

export function AdvertiserPaymentStep({ profile, pending, onSubmit }: StepProps) {
  const { t } = useTranslation('auth');
  const form = useForm({
    initialValues: { billing_address: profile.billing_address ?? '', vat_id: profile.vat_id ?? '' },
    validate: { billing_address: validateRequired(t('profile.billingAddress')) },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(withoutBlanks(values)))}>
      <Stack>
        <Textarea
          label={t('profile.billingAddress')}
          autosize
          minRows={3}
          required
          {...form.getInputProps('billing_address')}
        />
        <TextInput label={t('profile.vatId')} {...form.getInputProps('vat_id')} />
        <Button type="submit" loading={pending}>
          {t('onboarding.finish')}
        </Button>
      </Stack>
    </form>
  );
}

export function PublisherProfileStep({ profile, name, pending, onSubmit }: StepProps) {
  const { t } = useTranslation('auth');
  const form = useForm({
    initialValues: {
      your_name: name,
      display_name: profile.display_name ?? name,
      country: profile.country ?? '',
    },
    validate: {
      your_name: validateRequired(t('onboarding.yourName')),
      display_name: validateRequired(t('profile.displayName')),
      country: validateCountry,
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(withName(values, name)))}>
      <Stack>
        <TextInput
          label={t('onboarding.yourName')}
          required
          autoComplete="name"
          {...form.getInputProps('your_name')}
        />
        <TextInput
          label={t('profile.displayName')}
          description={t('onboarding.displayNameHelp')}
          required
          {...form.getInputProps('display_name')}
        />
        <CountrySelect label={t('profile.country')} required {...form.getInputProps('country')} />
        <Button type="submit" loading={pending}>
          {t('onboarding.continue')}
        </Button>
      </Stack>
    </form>
  );
}

export function PublisherPaymentStep({ profile, pending, onSubmit }: StepProps) {
  const { t } = useTranslation('auth');
  const payoutMethods = usePayoutMethodOptions();
  const form = useForm({
    initialValues: {
      payout_method: (profile.payout_method ?? null) as 'bank_transfer' | 'paypal' | null,
      payout_details: profile.payout_details ?? '',
      tax_id: profile.tax_id ?? '',
    },
    validate: {
      payout_method: validateRequired(t('profile.payoutMethod')),
      payout_details: validateRequired(t('profile.payoutDetails')),
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(withoutBlanks(values)))}>
      <Stack>
        <Select
          label={t('profile.payoutMethod')}
          data={payoutMethods}
          allowDeselect={false}
          required
          {...form.getInputProps('payout_method')}
        />
        <Textarea
          label={t('profile.payoutDetails')}
          description={t('onboarding.payoutDetailsHelp')}
          autosize
          minRows={2}
          required
          {...form.getInputProps('payout_details')}
        />
        <TextInput label={t('profile.taxId')} {...form.getInputProps('tax_id')} />
        <Button type="submit" loading={pending}>
          {t('onboarding.finish')}
        </Button>
      </Stack>
    </form>
  );
}
