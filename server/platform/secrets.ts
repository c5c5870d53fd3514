import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { appSecrets } from '../db/schema/platform';

/** Reads a secret generated on first start, creating it once (a race keeps the first writer's value). */
export async function getOrCreateSecret(
  db: Db,
  key: string,
  generate: () => string = () => randomBytes(48).toString('base64url'),
): Promise<string> {
  const existing = await db.select().from(appSecrets).where(eq(appSecrets.key, key));
  if (existing[0]) return existing[0].value;
  await db.insert(appSecrets).values({ key, value: generate() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, key));
  if (!row) throw new Error(`could not store secret ${key}`);
  return row.value;
}
