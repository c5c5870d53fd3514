// Loading a user with their profile: what the auth guard and every module that checks "who is asking"
// need. Creating and editing users belongs to the users module.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { profiles, users } from '../db/schema/users';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type Role = UserRow['role'];

export interface UserWithProfile {
  user: UserRow;
  profile: ProfileRow | null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserWithProfile | null> {
  const rows = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserWithProfile | null> {
  const rows = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  return rows[0] ?? null;
}
