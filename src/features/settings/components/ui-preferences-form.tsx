import { Select, SegmentedControl, Stack, Text } from '@mantine/core';
import { isSupportedCurrency } from '../../../lib/currency';
import {
  LAYOUT_PRESETS,
  TABLE_PAGE_SIZES,
  effectiveLayoutPreset,
  useUiPreferences,
  type LayoutPreset,
  type Theme,
} from '../../../lib/ui-preferences';
import { SUPPORTED_CURRENCIES } from '../../../../contracts/currencies';

const PRESET_LABELS: Record<LayoutPreset, string> = {
  full: 'Full width',
  wide: 'Wide',
  standard: 'Standard',
  narrow: 'Narrow',
  focused: 'Focused (no sidebar)',
};

interface UiPreferencesFormProps {
  role: string;
  /** The currency shown as chosen (the effective one) and where a new choice goes. */
  currency: string;
  onCurrencyChange: (currency: (typeof SUPPORTED_CURRENCIES)[number]) => void;
}

/** Preferences stored on this device; each change applies at once. */
export function UiPreferencesForm({ role, currency, onCurrencyChange }: UiPreferencesFormProps) {
  const [prefs, update] = useUiPreferences();

  return (
    <Stack maw={420}>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="theme-label">
          Theme
        </Text>
        <SegmentedControl
          aria-labelledby="theme-label"
          value={prefs.theme}
          onChange={(value) => update({ theme: value as Theme })}
          data={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
        />
      </Stack>
      <Select
        label="Layout"
        allowDeselect={false}
        value={effectiveLayoutPreset(prefs, role)}
        onChange={(value) => value && update({ layoutPreset: value as LayoutPreset })}
        data={LAYOUT_PRESETS.map((preset) => ({ value: preset, label: PRESET_LABELS[preset] }))}
      />
      <Select
        label="Rows per table page"
        allowDeselect={false}
        value={String(prefs.tablePageSize)}
        onChange={(value) => value && update({ tablePageSize: Number(value) })}
        data={TABLE_PAGE_SIZES.map(String)}
      />
      <Select
        label="Display currency"
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
