import { systemReason } from '../../contracts/commissions';
import { translate } from './i18n';

/**
 * A commission's reason as the reader should see it: the platform's own reasons (daily cap, budget, the
 * publisher's cap, the traffic review) in the UI's language; a person's reason as they wrote it.
 */
export function commissionReasonText(reason: string): string {
  const why = systemReason(reason);
  return why ? translate('common', `systemReason.${why}`) : reason;
}
