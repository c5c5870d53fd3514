import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { sessionAddresses } from '../../db/schema/fraud';
import { hashAddress, loadAddressSalt } from '../../platform/address-hash';

let salt: { db: Db; value: Promise<string> } | null = null;

/** the address salt of this database, read once */
function saltOf(db: Db): Promise<string> {
  if (salt?.db !== db) salt = { db, value: loadAddressSalt(db) };
  return salt.value;
}

/**
 * Remembers (hashed, like a click's address) that the user signed in from this address, and when: the
 * self-conversion rule compares a conversion's address with its publisher's.
 */
export async function rememberSessionAddress(db: Db, userId: string, ip: string, at = new Date()) {
  if (!ip) return;
  const ipHash = hashAddress(await saltOf(db), ip);
  await db
    .insert(sessionAddresses)
    .values({ userId, ipHash, lastSeenAt: at })
    .onConflictDoUpdate({
      target: [sessionAddresses.userId, sessionAddresses.ipHash],
      set: { lastSeenAt: sql`excluded.last_seen_at` },
    });
}
