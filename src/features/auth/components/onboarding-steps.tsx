import { Button, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CountrySelect } from '../../../components/country-select';
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

export const PAYOUT_METHOD_OPTIONS = [
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'paypal', label: 'PayPal' },
];

export function AdvertiserProfileStep({ profile, name, pending, onSubmit }: StepProps) {
  const form = useForm({
    initialValues: {
      your_name: name,
      company_name: profile.company_name ?? '',
      website: profile.website ?? '',
      country: profile.country ?? '',
    },
    validate: {
      your_name: validateRequired('Your name'),
      company_name: validateRequired('Company name'),
      website: validateOptionalUrl,
      country: validateCountry,
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(withName(values, name)))}>
      <Stack>
        <TextInput label="Your name" required autoComplete="name" {...form.getInputProps('your_name')} />
        <TextInput label="Company name" required {...form.getInputProps('company_name')} />
        <TextInput label="Website" type="url" placeholder="https://" {...form.getInputProps('website')} />
        <CountrySelect label="Country" required {...form.getInputProps('country')} />
        <Button type="submit" loading={pending}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}

export function AdvertiserPaymentStep({ profile, pending, onSubmit }: StepProps) {
  const form = useForm({
    initialValues: { billing_address: profile.billing_address ?? '', vat_id: profile.vat_id ?? '' },
    validate: { billing_address: validateRequired('Billing address') },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(withoutBlanks(values)))}>
      <Stack>
        <Textarea
          label="Billing address"
          autosize
          minRows={3}
          required
          {...form.getInputProps('billing_address')}
        />
        <TextInput label="VAT ID" {...form.getInputProps('vat_id')} />
        <Button type="submit" loading={pending}>
          Finish
        </Button>
      </Stack>
    </form>
  );
}

export function PublisherProfileStep({ profile, name, pending, onSubmit }: StepProps) {
  const form = useForm({
    initialValues: {
      your_name: name,
      display_name: profile.display_name ?? name,
      country: profile.country ?? '',
    },
    validate: {
      your_name: validateRequired('Your name'),
      display_name: validateRequired('Display name'),
      country: validateCountry,
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(withName(values, name)))}>
      <Stack>
        <TextInput label="Your name" required autoComplete="name" {...form.getInputProps('your_name')} />
        <TextInput
          label="Display name"
          description="What advertisers see, e.g. your site's or brand's name"
          required
          {...form.getInputProps('display_name')}
        />
        <CountrySelect label="Country" required {...form.getInputProps('country')} />
        <Button type="submit" loading={pending}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}

export function PublisherPaymentStep({ profile, pending, onSubmit }: StepProps) {
  const form = useForm({
    initialValues: {
      payout_method: (profile.payout_method ?? null) as 'bank_transfer' | 'paypal' | null,
      payout_details: profile.payout_details ?? '',
      tax_id: profile.tax_id ?? '',
    },
    validate: {
      payout_method: validateRequired('Payout method'),
      payout_details: validateRequired('Payout details'),
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(withoutBlanks(values)))}>
      <Stack>
        <Select
          label="Payout method"
          data={PAYOUT_METHOD_OPTIONS}
          allowDeselect={false}
          required
          {...form.getInputProps('payout_method')}
        />
        <Textarea
          label="Payout details"
          description="IBAN and account holder, or your PayPal email"
          autosize
          minRows={2}
          required
          {...form.getInputProps('payout_details')}
        />
        <TextInput label="Tax ID" {...form.getInputProps('tax_id')} />
        <Button type="submit" loading={pending}>
          Finish
        </Button>
      </Stack>
    </form>
  );
}
