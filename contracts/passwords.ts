import { z } from 'zod';

/** Length a new password must have; the server refuses others, forms say so before sending. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn score (0–4) a new password needs: the server's check and the client's meter use the same rule. */
export const MIN_PASSWORD_SCORE = 3;

/** A new password: the length the server accepts (the strength check runs beside it). */
export const passwordSchema = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`);
