import { Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { displayFigure, rateNote, useDisplayMoney } from '../lib/display-money';
import type { MinorAmount } from '../lib/format';
import { useTranslation } from '../lib/i18n';

const CONVERTED_STYLE = {
  textDecoration: 'underline dotted',
  textUnderlineOffset: '0.2em',
  cursor: 'help',
} as const;

interface MoneyProps {
  /** integer minor units of `currency` */
  amountMinor: MinorAmount | null | undefined;
  currency: string;
}

/**
 * A money figure in the display currency. When it had to be converted it says so: dotted underline,
 * the original and the rate on hover or focus (`€15.00 → 111,84 kr.`), and the original for screen
 * readers. Without a display currency or a rate it shows the amount in its own currency.
 */
export function Money({ amountMinor, currency }: MoneyProps) {
  const { t } = useTranslation('common');
  const display = useDisplayMoney();
  const figure = displayFigure(amountMinor, currency, display);
  if (!display || figure.original === null || figure.rate === null) return <>{figure.text}</>;

  return (
    <Tooltip
      withArrow
      multiline
      events={{ hover: true, focus: true, touch: true }}
      label={
        <Stack gap={0}>
          <Text size="sm" span>{`${figure.original} → ${figure.text}`}</Text>
          <Text size="xs" span>
            {rateNote(currency, figure.rate, display)}
          </Text>
        </Stack>
      }
    >
      {/* Focusable, though not a control, so keyboard users can open the tooltip with the original too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <span tabIndex={0} style={CONVERTED_STYLE} data-converted-from={currency}>
        {figure.text}
        <VisuallyHidden>{` ${t('money.convertedFrom', { original: figure.original })}`}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
