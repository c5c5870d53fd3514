import type { AppContext } from '../../context';
import { audit } from '../../platform/audit';
import type { CurrencyCode } from '../../platform/currency-codes';
import { verificationRequired } from '../../platform/email-verification';
import { getSettings, updateSettings, type SettingsPatch, type SettingsRow } from '../../platform/settings';
import type { AdminSettings, PublicSettings, UpdateSettingsBody } from './schema';

/** `installDefault`: config.requireEmailVerification, which holds while the admin has not chosen. */
function toSettingsResponse(row: SettingsRow, installDefault: boolean): AdminSettings {
  return {
    default_currency: row.defaultCurrency as CurrencyCode,
    platform_fee_bps: row.platformFeeBps,
    min_payout_minor: row.minPayoutMinor,
    hold_days: row.holdDays,
    registration_requires_approval: row.registrationRequiresApproval,
    max_upload_bytes: row.maxUploadBytes,
    rates_provider_url: row.ratesProviderUrl,
    click_retention_days: row.clickRetentionDays,
    referral_share_bps: row.referralShareBps,
    referral_months: row.referralMonths,
    require_email_verification: verificationRequired(row, installDefault),
    updated_at: row.updatedAt.toISOString(),
  };
}

type EditableField = Exclude<keyof AdminSettings, 'updated_at'>;

function toPatch(body: UpdateSettingsBody): SettingsPatch {
  const patch: SettingsPatch = {};
  if (body.default_currency !== undefined) patch.defaultCurrency = body.default_currency;
  if (body.platform_fee_bps !== undefined) patch.platformFeeBps = body.platform_fee_bps;
  if (body.min_payout_minor !== undefined) patch.minPayoutMinor = body.min_payout_minor;
  if (body.hold_days !== undefined) patch.holdDays = body.hold_days;
  if (body.registration_requires_approval !== undefined)
    patch.registrationRequiresApproval = body.registration_requires_approval;
  if (body.max_upload_bytes !== undefined) patch.maxUploadBytes = body.max_upload_bytes;
  if (body.rates_provider_url !== undefined) patch.ratesProviderUrl = body.rates_provider_url;
  if (body.click_retention_days !== undefined) patch.clickRetentionDays = body.click_retention_days;
  if (body.referral_share_bps !== undefined) patch.referralShareBps = body.referral_share_bps;
  if (body.referral_months !== undefined) patch.referralMonths = body.referral_months;
  if (body.require_email_verification !== undefined)
    patch.requireEmailVerification = body.require_email_verification;
  return patch;
}

/** The fields whose value differs, as `{ before, after }` of just those fields. */
function diff(before: AdminSettings, after: AdminSettings) {
  const changed = (Object.keys(after) as (keyof AdminSettings)[]).filter(
    (k): k is EditableField => k !== 'updated_at' && before[k] !== after[k],
  );
  return {
    changed,
    before: Object.fromEntries(changed.map((k) => [k, before[k]])),
    after: Object.fromEntries(changed.map((k) => [k, after[k]])),
  };
}

/**
 * Applies a validated partial update in one transaction and audit-logs the fields that changed; once
 * committed, `settings.changed` tells every dashboard cache its figures may be stale.
 */
export async function updateAdminSettings(
  { db, events, config }: Pick<AppContext, 'db' | 'events' | 'config'>,
  actorId: string,
  body: UpdateSettingsBody,
): Promise<AdminSettings> {
  const patch = toPatch(body);
  const settings = await db.transaction(async (tx) => {
    const installDefault = config.requireEmailVerification;
    const before = toSettingsResponse(await getSettings(tx), installDefault);
    if (Object.keys(patch).length === 0) return before;
    const after = toSettingsResponse(await updateSettings(tx, patch), installDefault);
    const change = diff(before, after);
    if (change.changed.length > 0) {
      await audit(tx, {
        actorId,
        action: 'settings.updated',
        entityType: 'settings',
        entityId: null,
        before: change.before,
        after: change.after,
      });
    }
    return after;
  });
  events.emit('settings.changed', {});
  return settings;
}

export async function getPublicSettings({
  db,
  config,
}: Pick<AppContext, 'db' | 'config'>): Promise<PublicSettings> {
  const settings = await getSettings(db);
  return {
    default_currency: settings.defaultCurrency as CurrencyCode,
    require_email_verification: verificationRequired(settings, config.requireEmailVerification),
  };
}

/** The settings as an admin sees them. */
export async function getAdminSettings({
  db,
  config,
}: Pick<AppContext, 'db' | 'config'>): Promise<AdminSettings> {
  return toSettingsResponse(await getSettings(db), config.requireEmailVerification);
}

// the wire schema other modules answer or query with (they never import this module's schema.ts)
export { adminSettingsSchema, updateSettingsBody } from './schema';
