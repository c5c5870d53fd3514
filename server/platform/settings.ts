// The settings reader every module uses (fee, minimum payout, default currency); the settings module edits them.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { adminSettings } from '../db/schema/platform';

export type SettingsRow = typeof adminSettings.$inferSelect;

/** The single settings row, created with the defaults of domain.md on first read. */
export async function getSettings(db: Db): Promise<SettingsRow> {
  const [row] = await db.select().from(adminSettings).where(eq(adminSettings.id, 1));
  if (row) return row;
  await db.insert(adminSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(adminSettings).where(eq(adminSettings.id, 1));
  if (!created) throw new Error('admin settings row missing');
  return created;
}

export type SettingsPatch = Partial<Omit<typeof adminSettings.$inferInsert, 'id' | 'updatedAt'>>;

export async function updateSettings(db: Db, patch: SettingsPatch): Promise<SettingsRow> {
  await getSettings(db);
  const [row] = await db
    .update(adminSettings)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(adminSettings.id, 1))
    .returning();
  if (!row) throw new Error('admin settings row missing');
  return row;
}
