import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { profiles, users } from '../../db/schema/users';
import type { ProfileRow, UserRow, UserWithProfile } from '../../platform/current-user';

export type NewUserRow = typeof users.$inferInsert;
export type ProfilePatch = Partial<Omit<typeof profiles.$inferInsert, 'userId' | 'updatedAt'>>;

export async function insertUser(
  db: Db,
  values: NewUserRow,
  profile: ProfilePatch,
): Promise<UserWithProfile> {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error('insert returned no user');
  const [profileRow] = await db
    .insert(profiles)
    .values({ userId: user.id, ...profile })
    .returning();
  return { user, profile: profileRow ?? null };
}

export async function updateUser(db: Db, id: string, patch: Partial<NewUserRow>): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!user) throw new Error(`user ${id} vanished during update`);
  return user;
}

export async function upsertProfile(db: Db, userId: string, patch: ProfilePatch): Promise<ProfileRow> {
  const [row] = await db
    .insert(profiles)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...patch, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('profile upsert returned nothing');
  return row;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** Revokes every access token issued to the user so far. */
/** Revokes every token issued to the user so far; returns the new version. */
export async function bumpTokenVersion(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ tokenVersion: users.tokenVersion });
  return row?.tokenVersion ?? 0;
}
