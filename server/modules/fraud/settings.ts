import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { fraudSettings } from '../../db/schema/fraud';
import { audit } from '../../platform/audit';
import { unprocessable } from '../../platform/http-error';
import type { UserRow } from '../../platform/current-user';
import { RULES } from './rules/all';
import { loadPlatformThresholds } from './score';
import type { UpdateFraudSettingsBody } from './schema';
import { BUILT_IN_THRESHOLDS, platformThresholds } from './thresholds';

const WEIGHTS = Object.fromEntries(RULES.map((r) => [r.rule, r.weight]));

/** The platform defaults in force, the built-in ones, and each rule's weight. */
export async function getFraudSettings(db: Db) {
  return { defaults: await loadPlatformThresholds(db), built_in: BUILT_IN_THRESHOLDS, weights: WEIGHTS };
}

/** Sets platform defaults (admins); null puts one back to its built-in value. Audit-logged. */
export async function updateFraudSettings(db: Db, user: UserRow, body: UpdateFraudSettingsBody) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(fraudSettings).where(eq(fraudSettings.id, 1));
    const before = row?.thresholds ?? {};
    const stored: Record<string, number> = { ...before };
    for (const [key, value] of Object.entries(body)) {
      if (value === null) delete stored[key];
      else if (value !== undefined) stored[key] = value;
    }
    const next = platformThresholds(stored);
    if (next.hold_score >= next.reject_score) {
      throw unprocessable(
        `hold_score (${next.hold_score}) must be below reject_score (${next.reject_score})`,
      );
    }
    await tx
      .insert(fraudSettings)
      .values({ id: 1, thresholds: stored })
      .onConflictDoUpdate({ target: fraudSettings.id, set: { thresholds: stored, updatedAt: new Date() } });
    await audit(tx, {
      actorId: user.id,
      action: 'fraud.settings_changed',
      entityType: 'fraud_settings',
      entityId: '1',
      before,
      after: stored,
    });
    return { defaults: next, built_in: BUILT_IN_THRESHOLDS, weights: WEIGHTS };
  });
}
