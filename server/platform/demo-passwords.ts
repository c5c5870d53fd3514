/**
 * The demo accounts' passwords. They are printed at every demo start and in the docs, so they are public:
 * no install accepts them as a new password (registration, password change or reset, ADMIN_PASSWORD).
 */
export const DEMO_ADMIN_PASSWORD = 'affilio-admin';
export const DEMO_USER_PASSWORD = 'affilio-demo';

const DEMO_PASSWORDS = new Set([DEMO_ADMIN_PASSWORD, DEMO_USER_PASSWORD]);

/** True for a demo password, however it is capitalised or padded (those guesses come first). */
export function isDemoPassword(password: string): boolean {
  return DEMO_PASSWORDS.has(password.trim().toLowerCase());
}
