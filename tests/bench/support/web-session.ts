// A demo account signed in for the web benches the way the app does it, without its sign-in page: the
// token and the cached user in localStorage (src/lib/token-storage.ts, features/auth/stores/cached-user.ts).
import type { Page } from 'playwright-core';
import { apiLogin } from '../../e2e/support/app';

export interface SignedIn {
  token: string;
  /** GET /api/auth/me's answer, stored as the app's cached user. */
  user: unknown;
}

/** Signs in over the API and reads the user as the app caches it. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<SignedIn> {
  const token = await apiLogin(baseUrl, email, password);
  const me = await fetch(`${baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`GET /api/auth/me as ${email}: ${me.status}`);
  return { token, user: await me.json() };
}

/**
 * Puts the session where the app looks for it, from a page of the same origin that does not start the app
 * (so no service worker or query cache exists before the measured load).
 */
export async function storeSession(page: Page, origin: string, session: SignedIn): Promise<void> {
  await page.goto(`${origin}/api/health`);
  // A string: the bench compiles without the DOM library.
  await page.evaluate(
    `localStorage.setItem('access_token', ${JSON.stringify(session.token)});
     localStorage.setItem('affilio:user', ${JSON.stringify(JSON.stringify(session.user))});`,
  );
}
