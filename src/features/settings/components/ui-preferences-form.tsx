import { Select, SegmentedControl, Stack, Text } from '@mantine/core';
import { isSupportedCurrency } from '../../../lib/currency';
import { useTranslation } from '../../../lib/i18n';
import {
  LAYOUT_PRESETS,
  TABLE_PAGE_SIZES,
  effectiveLayoutPreset,
  useUiPreferences,
  type LayoutPreset,
  type Theme,
} from '../../../lib/ui-preferences';
import { SUPPORTED_CURRENCIES } from '../../../../contracts/currencies';

interface UiPreferencesFormProps {
  role: string;
  /** The currency shown as chosen (the effective one) and where a new choice goes. */
  currency: string;
  onCurrencyChange: (currency: (typeof SUPPORTED_CURRENCIES)[number]) => void;
}

/** Preferences stored on this device; each change applies at once. */
export function UiPreferencesForm({ role, currency, onCurrencyChange }: UiPreferencesFormProps) {
  const { t } = useTranslation('settings');
  const [prefs, update] = useUiPreferences();

  return (
    <Stack maw={420}>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="theme-label">
          {t('ui.theme')}
        </Text>
        <SegmentedControl
          aria-labelledby="theme-label"
          value={prefs.theme}
          onChange={(value) => update({ theme: value as Theme })}
          data={[
            { value: 'light', label: t('ui.light') },
            { value: 'dark', label: t('ui.dark') },
          ]}
        />
      </Stack>
      <Select
        label={t('ui.layout')}
        allowDeselect={false}
        value={effectiveLayoutPreset(prefs, role)}
        onChange={(value) => value && update({ layoutPreset: value as LayoutPreset })}
        data={LAYOUT_PRESETS.map((preset) => ({ value: preset, label: t(`ui.preset.${preset}`) }))}
      />
      <Select
        label={t('ui.rows')}
        allowDeselect={false}
        value={String(prefs.tablePageSize)}
        onChange={(value) => value && update({ tablePageSize: Number(value) })}
        data={TABLE_PAGE_SIZES.map(String)}
      />
      <Select
        label={t('ui.currency')}
        allowDeselect={false}
        searchable
        value={currency}
        onChange={(value) => {
          if (isSupportedCurrency(value)) onCurrencyChange(value);
        }}
        data={[...SUPPORTED_CURRENCIES]}
      />
    </Stack>
  );
}
