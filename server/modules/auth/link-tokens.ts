// The single-use links the auth module mails (password reset, e-mail confirmation): only a token's SHA-256 is
// stored, so a leaked table does not open accounts.
import { createHash } from 'node:crypto';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
