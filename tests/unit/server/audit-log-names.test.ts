import { describe, expect, it } from 'vitest';
import { actionVerb, actorName, describeEntry } from '../../../server/modules/admin/audit-log-names';

// The audit log "in words" (issue #45) is worded in the reading admin's language.
const commission = {
  label: 'commission of order A-1 (Tech Daily)',
  url: '/commissions?campaign_id=c-1',
  context: { label: 'Northwind Journal', url: '/campaigns?campaign=c-1' },
};

describe('audit entries in words', () => {
  it('reads in English as before: verb, object and what it belongs to', () => {
    expect(actionVerb('commission.approved')).toBe('approved');
    expect(actionVerb('campaign.tracking_secret_rotated')).toBe('rotated the tracking secret of');
    expect(describeEntry('Alice', 'commission.approved', 'commission', 'c-9', commission)).toBe(
      'Alice approved commission of order A-1 (Tech Daily) on Northwind Journal',
    );
    expect(describeEntry('Ada', 'payout.paid', 'payout', 'p-1', undefined)).toBe('Ada paid payout p-1');
    expect(describeEntry('Ada', 'settings.updated', 'settings', null, undefined)).toBe(
      'Ada updated the platform settings',
    );
    expect(actorName(null, null, null)).toBe('System');
    expect(actorName(null, null, 'gone-1')).toBe('A deleted user');
  });

  it('reads in Danish for a Danish admin', () => {
    expect(actionVerb('commission.approved', 'da')).toBe('godkendte');
    expect(actionVerb('user.role_changed', 'da')).toBe('ændrede rollen for');
    const named = { ...commission, label: 'provisionen for ordre A-1 (Tech Daily)' };
    expect(describeEntry('Alice', 'commission.approved', 'commission', 'c-9', named, 'da')).toBe(
      'Alice godkendte provisionen for ordre A-1 (Tech Daily) på Northwind Journal',
    );
    expect(describeEntry('Ada', 'payout.paid', 'payout', 'p-1', undefined, 'da')).toBe(
      'Ada registrerede betaling af udbetaling p-1',
    );
    expect(describeEntry('Ada', 'settings.updated', 'settings', null, undefined, 'da')).toBe(
      'Ada opdaterede platformens indstillinger',
    );
    expect(actorName(null, null, null, 'da')).toBe('Systemet');
    expect(actorName(null, null, 'gone-1', 'da')).toBe('En slettet bruger');
    expect(actorName('Alice', 'a@example.com', 'u-1', 'da')).toBe('Alice');
  });

  it('words an action without a verb in the catalog from its code, in either language', () => {
    expect(actionVerb('coupon.bulk_imported')).toBe('bulk imported');
    expect(actionVerb('coupon.bulk_imported', 'da')).toBe('bulk imported');
  });

  it('has a Danish verb for every action the server records', () => {
    const actions = [
      'application.approved',
      'application.rejected',
      'application.suspended',
      'application.withdrawn',
      'commission.approved',
      'commission.rejected',
      'commission.reversed',
      'commission.auto_approved',
      'commission.clawback',
      'commission.referral_created',
      'campaign.budget_reached',
      'campaign.tracking_secret_rotated',
      'invoice.generated',
      'invoice.issued',
      'invoice.paid',
      'invoice.void',
      'payout.requested',
      'payout.paid',
      'payout.failed',
      'user.created',
      'user.registered',
      'user.approved',
      'user.suspended',
      'user.activated',
      'user.role_changed',
      'user.password_changed',
      'user.password_reset',
      'user.email_verified',
      'website.verified_by_admin',
      'settings.updated',
      'fraud.settings_changed',
      'coupon.created',
      'coupon.revoked',
      'api_key.created',
      'api_key.revoked',
    ];
    for (const action of actions) {
      expect(actionVerb(action, 'da'), action).not.toBe(actionVerb(action, 'en'));
    }
  });
});
