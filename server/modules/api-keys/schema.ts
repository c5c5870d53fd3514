import { z } from 'zod';
import { isoDateTime } from '../../platform/zod-dates';
import { API_KEY_LIMITS, API_KEY_RESOURCES, API_KEY_SCOPES } from '../../../contracts/api-keys';

export const createApiKeyBody = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(API_KEY_LIMITS.nameLength, `name must be at most ${API_KEY_LIMITS.nameLength} characters`),
  scope: z.enum(API_KEY_SCOPES, { error: 'scope must be read or full' }),
  resources: z
    .array(z.enum(API_KEY_RESOURCES, { error: `resources must be among ${API_KEY_RESOURCES.join(', ')}` }))
    .max(API_KEY_RESOURCES.length)
    .refine((list) => new Set(list).size === list.length, 'resources must not repeat')
    .optional(),
  expires_at: isoDateTime('expires_at')
    .refine((value) => Date.parse(value) > Date.now(), 'expires_at must be in the future')
    .nullable()
    .optional(),
});
export type CreateApiKeyInput = z.output<typeof createApiKeyBody>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the secret's first characters, to recognise it */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** empty: not limited to some resources */
  resources: z.array(z.enum(API_KEY_RESOURCES)),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** the address of the last use */
  last_used_ip: z.string().nullable(),
});
export type ApiKeyResponse = z.output<typeof apiKeySchema>;

/** The answer of a creation: the only time the secret is shown. */
export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe('the secret (`afk_…`): shown once, store it now'),
});
