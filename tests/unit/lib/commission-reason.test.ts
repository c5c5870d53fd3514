import { afterEach, describe, expect, it } from 'vitest';
import { SYSTEM_REASONS } from '../../../contracts/commissions';
import { commissionReasonText } from '../../../src/lib/commission-reason';
import { setLanguage } from '../../../src/lib/i18n';

// Issue #45: the reasons the platform writes on a commission it refuses read in the UI's language; a
// reviewer's own reason is shown as they wrote it.

afterEach(() => setLanguage('en'));

describe('a commission’s reason', () => {
  it('words the platform’s reasons in Danish and leaves a person’s alone', async () => {
    await setLanguage('da');
    expect(commissionReasonText(SYSTEM_REASONS.daily_cap)).toBe('Kampagnens daglige loft er nået');
    expect(commissionReasonText(SYSTEM_REASONS.budget)).toBe('Kampagnens budget er brugt op');
    expect(commissionReasonText(SYSTEM_REASONS.publisher_cap)).toBe('Over udgiverens loft');
    expect(commissionReasonText(SYSTEM_REASONS.fraud)).toBe('Afvist ved gennemgangen af trafikkens kvalitet');
    expect(commissionReasonText('Returned order')).toBe('Returned order');
  });

  it('reads the same in English as the server writes it', async () => {
    expect(commissionReasonText(SYSTEM_REASONS.budget)).toBe('The campaign’s budget was reached');
    expect(commissionReasonText(SYSTEM_REASONS.publisher_cap)).toBe('Over the publisher’s cap');
  });
});
