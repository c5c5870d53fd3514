import { Button, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CountrySelect } from '../../../components/country-select';
import { SUPPORTED_CURRENCIES, type CurrencyCode } from '../../../../contracts/currencies';
import { showToast } from '../../../lib/toast';
import { chooseDisplayCurrency } from '../../../lib/ui-preferences';
import { useUpdateProfile } from '../api/update-profile';
import type { UpdateProfileBody, User } from '../types';
import { withoutBlanks } from '../utils/needs-onboarding';
import { validateCountry, validateOptionalUrl, validateRequired } from '../utils/validation';
import { FormError } from './form-error';
import { usePayoutMethodOptions } from './onboarding-steps';
import {
  currentLanguage,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  useTranslation,
  type Language,
} from '../../../lib/i18n';

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
    language: (isLanguage(user.language) ? user.language : currentLanguage()) as Language,
  };
}
type Values = ReturnType<typeof initialValues>;

const ROLE_FIELDS: Record<User['role'], (keyof Values)[]> = {
  advertiser: ['company_name', 'website', 'country', 'billing_address', 'vat_id'],
  publisher: ['display_name', 'country', 'payout_method', 'payout_details', 'tax_id'],
  admin: [],
};

/** Only the signed-in role's own fields are sent; blank optional fields are left out. */
function toBody(values: Values, user: User): UpdateProfileBody {
  const role = user.role;
  const picked: Record<string, unknown> = { name: values.name };
  for (const field of ROLE_FIELDS[role]) picked[field] = values[field];
  return {
    ...withoutBlanks(picked),
    preferred_currency: values.preferred_currency,
    ...(values.language !== user.language ? { language: values.language } : {}),
  };
}

const optionalCountry = (value: string | null) => (value ? validateCountry(value) : null);

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const payoutMethods = usePayoutMethodOptions();
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: initialValues(user),
    validate: {
      name: validateRequired(t('profile.name')),
      website: validateOptionalUrl,
      country: optionalCountry,
    },
  });
  const shows = (field: keyof Values) => ROLE_FIELDS[user.role].includes(field);

  const submit = (values: Values) =>
    update.mutate(toBody(values, user), {
      onSuccess: () => {
        // A newly saved preferred currency is a choice made now: figures on this device follow it, even
        // where the header switcher had picked another one before.
        if (values.preferred_currency !== user.preferred_currency) {
          chooseDisplayCurrency(user.id, values.preferred_currency);
        }
        showToast({ title: t('profile.saved.title'), message: t('profile.saved.message'), color: 'green' });
      },
    });

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <FormError error={update.error} fallback={t('fallback.updateProfile')} />
        <TextInput label={t('profile.name')} autoComplete="name" {...form.getInputProps('name')} />
        {shows('company_name') && (
          <TextInput label={t('profile.companyName')} {...form.getInputProps('company_name')} />
        )}
        {shows('website') && (
          <TextInput label={t('profile.website')} type="url" {...form.getInputProps('website')} />
        )}
        {shows('display_name') && (
          <TextInput label={t('profile.displayName')} {...form.getInputProps('display_name')} />
        )}
        {shows('country') && (
          <CountrySelect label={t('profile.country')} clearable {...form.getInputProps('country')} />
        )}
        {shows('billing_address') && (
          <Textarea
            label={t('profile.billingAddress')}
            autosize
            minRows={2}
            {...form.getInputProps('billing_address')}
          />
        )}
        {shows('vat_id') && <TextInput label={t('profile.vatId')} {...form.getInputProps('vat_id')} />}
        {shows('payout_method') && (
          <Select
            label={t('profile.payoutMethod')}
            data={payoutMethods}
            {...form.getInputProps('payout_method')}
          />
        )}
        {shows('payout_details') && (
          <Textarea
            label={t('profile.payoutDetails')}
            autosize
            minRows={2}
            {...form.getInputProps('payout_details')}
          />
        )}
        {shows('tax_id') && <TextInput label={t('profile.taxId')} {...form.getInputProps('tax_id')} />}
        <Select
          label={t('profile.currency')}
          description={t('profile.currencyHelp')}
          placeholder={t('profile.currencyDefault')}
          data={[...SUPPORTED_CURRENCIES]}
          clearable
          searchable
          {...form.getInputProps('preferred_currency')}
        />
        <Select
          label={t('profile.language')}
          data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          allowDeselect={false}
          {...form.getInputProps('language')}
        />
        <Button type="submit" loading={update.isPending}>
          {t('profile.save')}
        </Button>
      </Stack>
    </form>
  );
}
