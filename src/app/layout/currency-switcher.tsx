import { Button, Menu } from '@mantine/core';
import { SUPPORTED_CURRENCIES, isSupportedCurrency } from '../../lib/currency';
import { useEffectiveCurrency } from '../hooks/use-effective-currency';

/** The display currency, next to the theme toggle: every money figure follows the choice at once. */
export function CurrencySwitcher() {
  const { currency, setCurrency } = useEffectiveCurrency();
  return (
    <Menu position="bottom-end" width={120}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          px="xs"
          // The name contains the visible code (WCAG 2.5.3).
          aria-label={`Display currency ${currency}`}
          title={`Amounts are shown in ${currency}`}
        >
          {currency}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        <Menu.Label>Show amounts in</Menu.Label>
        <Menu.RadioGroup
          value={currency}
          onChange={(value) => {
            if (isSupportedCurrency(value)) setCurrency(value);
          }}
        >
          {SUPPORTED_CURRENCIES.map((code) => (
            <Menu.RadioItem key={code} value={code} closeMenuOnClick>
              {code}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
