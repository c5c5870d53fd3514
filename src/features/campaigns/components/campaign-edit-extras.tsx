import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { translate, useTranslation } from '../../../lib/i18n';
import type { UseFormReturnType } from '@mantine/form';
import { memo, useState, type ReactNode } from 'react';
import { countryOptions } from '../../../lib/countries';

/** Form rows of the volume tiers and per-publisher overrides: amounts typed in the campaign's unit. */
export interface TierRow {
  min_conversions_in_month: number | string;
  amount: string;
}
export interface OverrideRow {
  publisher_id: string;
  /** the name picked in the search; existing rows show the publisherName slot instead */
  publisher_label: string;
  amount: string;
}

export interface ExtrasValues {
  commission_model: string;
  currency: string;
  tiers: TierRow[];
  publisher_overrides: OverrideRow[];
  allowed_countries: string[];
  creative_ids: string[];
}

/**
 * Parts of campaignEdit that come from other features, composed by the app (features never import
 * each other): the creatives picker from the media library and the publisher search for overrides.
 */
export interface CampaignEditSlots {
  creatives?(field: { value: string[]; onChange(ids: string[]): void }): ReactNode;
  publisherSearch?(onPick: (publisher: { id: string; name: string }) => void): ReactNode;
  publisherName?(publisherId: string): ReactNode;
}

function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} mt={{ base: 0, xs: 26 }}>
      ×
    </ActionIcon>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ExtrasForm = UseFormReturnType<any>;

const unitLabel = (v: ExtrasValues) =>
  v.commission_model === 'revshare'
    ? translate('campaigns', 'extras.unitRevshare')
    : translate('campaigns', 'extras.unitPayout', { currency: v.currency });

export function TiersFieldset({ form, values }: { form: ExtrasForm; values: ExtrasValues }) {
  const { t } = useTranslation('campaigns');
  return (
    <Fieldset legend={t('extras.tiers')} variant="unstyled">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('extras.tiersHelp')}
        </Text>
        {values.tiers.map((_tier, i) => (
          <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
            <NumberInput
              label={t('extras.from')}
              aria-label={t('extras.fromLabel', { n: i + 1 })}
              min={1}
              allowDecimal={false}
              style={{ flex: 1 }}
              {...form.getInputProps(`tiers.${i}.min_conversions_in_month`)}
            />
            <TextInput
              label={unitLabel(values)}
              aria-label={t('extras.unitLabel', { n: i + 1, unit: unitLabel(values) })}
              inputMode="decimal"
              style={{ flex: 1 }}
              {...form.getInputProps(`tiers.${i}.amount`)}
            />
            <RemoveButton
              label={t('extras.removeTier', { n: i + 1 })}
              onClick={() => form.removeListItem('tiers', i)}
            />
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            disabled={values.tiers.length >= 20}
            onClick={() => form.insertListItem('tiers', { min_conversions_in_month: '', amount: '' })}
          >
            {t('extras.addTier')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

export function OverridesFieldset({
  form,
  values,
  slots,
}: {
  form: ExtrasForm;
  values: ExtrasValues;
  slots: CampaignEditSlots;
}) {
  const { t } = useTranslation('campaigns');
  const [searching, setSearching] = useState(false);
  const taken = new Set(values.publisher_overrides.map((o) => o.publisher_id));
  return (
    <Fieldset legend={t('extras.overrides')} variant="unstyled">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('extras.overridesHelp')}
        </Text>
        {values.publisher_overrides.map((o, i) => {
          const name = o.publisher_label || slots.publisherName?.(o.publisher_id) || o.publisher_id;
          return (
            <Group key={o.publisher_id} align="flex-start" gap="xs" wrap="nowrap">
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {t('extras.publisher')}
                </Text>
                <Text size="sm" truncate="end" py={6}>
                  {name}
                </Text>
              </Stack>
              <TextInput
                label={unitLabel(values)}
                aria-label={t('extras.overrideUnit', {
                  unit: unitLabel(values),
                  name: o.publisher_label || t('extras.thisPublisher'),
                })}
                inputMode="decimal"
                style={{ flex: 1 }}
                {...form.getInputProps(`publisher_overrides.${i}.amount`)}
              />
              <RemoveButton
                label={t('extras.removeOverride', { name: o.publisher_label || t('extras.thisPublisher') })}
                onClick={() => form.removeListItem('publisher_overrides', i)}
              />
            </Group>
          );
        })}
        {slots.publisherSearch &&
          (searching ? (
            <Stack gap="xs">
              {slots.publisherSearch((publisher) => {
                setSearching(false);
                if (taken.has(publisher.id)) return;
                form.insertListItem('publisher_overrides', {
                  publisher_id: publisher.id,
                  publisher_label: publisher.name,
                  amount: '',
                });
              })}
              <Group>
                <Button variant="default" size="compact-sm" onClick={() => setSearching(false)}>
                  {t('extras.cancelSearch')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group>
              <Button variant="light" size="compact-sm" onClick={() => setSearching(true)}>
                {t('extras.addOverride')}
              </Button>
            </Group>
          ))}
      </Stack>
    </Fieldset>
  );
}

/**
 * Memoised: the list holds every country, and the form re-renders on each keystroke elsewhere; it only
 * needs to when its own value or error changes.
 */
export const CountriesSelect = memo(function CountriesSelect({
  value,
  error,
  onChange,
}: {
  value: string[];
  error?: ReactNode;
  onChange(codes: string[]): void;
}) {
  // Mantine keeps a closed list's options in the page: hand it all ~250 only while it is open
  const { t } = useTranslation('campaigns');
  const [open, setOpen] = useState(false);
  const all = countryOptions();
  const data = open ? all : all.filter((option) => value.includes(option.value));
  return (
    <MultiSelect
      label={t('extras.countries')}
      description={t('extras.countriesHelp')}
      placeholder={value.length ? undefined : t('extras.searchCountries')}
      data={data}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      clearable
      hidePickedOptions
      maxValues={250}
      nothingFoundMessage={t('extras.noCountry')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}, sameCountries);

// the form hands over a fresh copy of its values on each change: compare the codes, not the array
function sameCountries(
  a: { value: string[]; error?: ReactNode; onChange: unknown },
  b: { value: string[]; error?: ReactNode; onChange: unknown },
) {
  return (
    a.onChange === b.onChange &&
    a.error === b.error &&
    a.value.length === b.value.length &&
    a.value.every((code, i) => code === b.value[i])
  );
}
