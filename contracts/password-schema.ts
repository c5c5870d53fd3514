// The new-password schema, apart from contracts/passwords.ts's constants (those reach the client's first
// chunks; a module-level zod schema there would pull zod in with them).
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';

/** A new password: the length the server accepts (the strength check runs beside it). */
export const passwordSchema = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`);
