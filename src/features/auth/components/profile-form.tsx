import { Button, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CountrySelect } from '../../../components/country-select';
import { FALLBACK_MESSAGES } from '../../../lib/api-client';
import { SUPPORTED_CURRENCIES, type CurrencyCode } from '../../../../contracts/currencies';
import { showToast } from '../../../lib/toast';
import { chooseDisplayCurrency } from '../../../lib/ui-preferences';
import { useUpdateProfile } from '../api/update-profile';
import type { UpdateProfileBody, User } from '../types';
import { withoutBlanks } from '../utils/needs-onboarding';
import { validateCountry, validateOptionalUrl, validateRequired } from '../utils/validation';
import { FormError } from './form-error';
import { PAYOUT_METHOD_OPTIONS } from './onboarding-steps';

type PayoutMethod = 'bank_transfer' | 'paypal';

function initialValues(user: User) {
  const p = user.profile;
  return {
    name: user.name,
    company_name: p.company_name ?? '',
    website: p.website ?? '',
    billing_address: p.billing_address ?? '',
    vat_id: p.vat_id ?? '',
    display_name: p.display_name ?? '',
    payout_method: p.payout_method as PayoutMethod | null,
    payout_details: p.payout_details ?? '',
    tax_id: p.tax_id ?? '',
    country: p.country as string | null,
    preferred_currency: user.preferred_currency as CurrencyCode | null,
  };
}
type Values = ReturnType<typeof initialValues>;

const ROLE_FIELDS: Record<User['role'], (keyof Values)[]> = {
  advertiser: ['company_name', 'website', 'country', 'billing_address', 'vat_id'],
  publisher: ['display_name', 'country', 'payout_method', 'payout_details', 'tax_id'],
  admin: [],
};

/** Only the signed-in role's own fields are sent; blank optional fields are left out. */
function toBody(values: Values, role: User['role']): UpdateProfileBody {
  const picked: Record<string, unknown> = { name: values.name };
  for (const field of ROLE_FIELDS[role]) picked[field] = values[field];
  return { ...withoutBlanks(picked), preferred_currency: values.preferred_currency };
}

const optionalCountry = (value: string | null) => (value ? validateCountry(value) : null);

export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: initialValues(user),
    validate: { name: validateRequired('Name'), website: validateOptionalUrl, country: optionalCountry },
  });
  const shows = (field: keyof Values) => ROLE_FIELDS[user.role].includes(field);

  const submit = (values: Values) =>
    update.mutate(toBody(values, user.role), {
      onSuccess: () => {
        // A newly saved preferred currency is a choice made now: figures on this device follow it, even
        // where the header switcher had picked another one before.
        if (values.preferred_currency !== user.preferred_currency) {
          chooseDisplayCurrency(user.id, values.preferred_currency);
        }
        showToast({ title: 'Profile updated', message: 'Your changes are saved.', color: 'green' });
      },
    });

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <FormError error={update.error} fallback={FALLBACK_MESSAGES.updateProfile} />
        <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} />
        {shows('company_name') && <TextInput label="Company name" {...form.getInputProps('company_name')} />}
        {shows('website') && <TextInput label="Website" type="url" {...form.getInputProps('website')} />}
        {shows('display_name') && <TextInput label="Display name" {...form.getInputProps('display_name')} />}
        {shows('country') && <CountrySelect label="Country" clearable {...form.getInputProps('country')} />}
        {shows('billing_address') && (
          <Textarea label="Billing address" autosize minRows={2} {...form.getInputProps('billing_address')} />
        )}
        {shows('vat_id') && <TextInput label="VAT ID" {...form.getInputProps('vat_id')} />}
        {shows('payout_method') && (
          <Select
            label="Payout method"
            data={PAYOUT_METHOD_OPTIONS}
            {...form.getInputProps('payout_method')}
          />
        )}
        {shows('payout_details') && (
          <Textarea label="Payout details" autosize minRows={2} {...form.getInputProps('payout_details')} />
        )}
        {shows('tax_id') && <TextInput label="Tax ID" {...form.getInputProps('tax_id')} />}
        <Select
          label="Preferred currency"
          description="Figures show in it on your devices; the currency button in the header changes it on one device"
          placeholder="Platform default"
          data={[...SUPPORTED_CURRENCIES]}
          clearable
          searchable
          {...form.getInputProps('preferred_currency')}
        />
        <Button type="submit" loading={update.isPending}>
          Save profile
        </Button>
      </Stack>
    </form>
  );
}
