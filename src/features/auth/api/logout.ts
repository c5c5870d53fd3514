import { api } from '../../../lib/api-client';

/** Signing out never waits longer than this for the server. */
export const LOGOUT_TIMEOUT_MS = 3000;

/** Revokes the current token on the server (204). */
export async function logout(): Promise<void> {
  await api.post('/auth/logout', undefined, { timeout: LOGOUT_TIMEOUT_MS });
}
