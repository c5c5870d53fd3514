import { Button, Menu } from '@mantine/core';
import { isSupportedCurrency } from '../../lib/currency';
import { useMenuOnIntent } from '../../lib/use-menu-on-intent';
import { useEffectiveCurrency } from '../hooks/use-effective-currency';
import { SUPPORTED_CURRENCIES } from '../../../contracts/currencies';
import { useTranslation } from '../../lib/i18n';

/** The display currency, next to the theme toggle: every money figure follows the choice at once. */
export function CurrencySwitcher() {
  const { t } = useTranslation('app');
  const { currency, setCurrency } = useEffectiveCurrency();
  const { mounted, opened, setOpened, target, intentProps } = useMenuOnIntent<HTMLButtonElement>('menu');
  const button = (
    <Button
      ref={target}
      {...intentProps}
      variant="default"
      size="sm"
      px="xs"
      // The name contains the visible code (WCAG 2.5.3).
      aria-label={t('currency.label', { currency })}
      title={t('currency.title', { currency })}
    >
      {currency}
    </Button>
  );
  // The menu mounts when the user first acts on the button (src/lib/use-menu-on-intent.ts).
  if (!mounted) return button;
  return (
    <Menu position="bottom-end" width={120} opened={opened} onChange={setOpened}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        <Menu.Label>{t('currency.menu')}</Menu.Label>
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
