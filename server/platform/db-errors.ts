/** True when a database error (possibly wrapped by the driver or Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How long a client is told to wait (Retry-After) while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/**
 * True when an error (possibly wrapped by Drizzle) says the database cannot be reached right now: a refused
 * or lost connection, a connect timeout, or PostgreSQL shutting down or starting (SQLSTATE classes 08 and
 * 57P01–57P03). The request did not happen; the same request later may well succeed (503, not 500).
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (UNREACHABLE_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))
    ) {
      return true;
    }
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
