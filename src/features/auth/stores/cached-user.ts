import type { User } from '../types';

/**
 * The signed-in user as /auth/me last answered, so the app can start offline (and pick the user's
 * persisted query cache before /auth/me answers). Profile data only: the token stays in token-storage.
 */
export const CACHED_USER_STORAGE_KEY = 'affilio:user';

export function getCachedUser(): User | null {
  try {
    const raw = localStorage.getItem(CACHED_USER_STORAGE_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as Partial<User> | null;
    return user && typeof user.id === 'string' && typeof user.role === 'string' ? (user as User) : null;
  } catch {
    return null;
  }
}

export function setCachedUser(user: User): void {
  try {
    localStorage.setItem(CACHED_USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Without storage the app cannot start offline; online it works as before.
  }
}

export function clearCachedUser(): void {
  try {
    localStorage.removeItem(CACHED_USER_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
