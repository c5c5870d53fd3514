import type { ApiKeyResource, ApiKeyScope } from '../../../contracts/api-keys';

/** An API key as `GET /api/api-keys` lists it (never with its secret). */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  resources: ApiKeyResource[];
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
}

/** The answer of a creation: the one time the secret (`key`) is shown. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}
