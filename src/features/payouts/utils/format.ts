import { translate } from '../../../lib/i18n';

/** "1 payout", "3 commissions", in the UI language. */
export const plural = (n: number, word: 'payout' | 'commission') =>
  translate('payouts', `count.${word}`, { count: n });
