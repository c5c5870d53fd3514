// zod schemas of contracts/users.ts's fields, apart from its constants: a client chunk that imports a
// constant must not pull zod in with it (a module-level schema cannot be tree-shaken).
import { z } from 'zod';
import { USER_LANGUAGES } from './users';

/** An e-mail address as the server stores it: trimmed and lower-cased. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: 'email must be a valid e-mail address' }))
  .transform((e) => e.toLowerCase());

/** The UI and e-mail language a user chose (the profile's `language`). */
export const userLanguageSchema = z.enum(USER_LANGUAGES, { error: 'language must be en or da' });
