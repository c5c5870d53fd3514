import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/connection';
import type { ApiKeyGrant, ApiKeyVerifier } from '../../platform/api-key-access';
import { audit } from '../../platform/audit';
import type { Background } from '../../platform/background';
import type { UserRow } from '../../platform/current-user';
import { conflict, notFound } from '../../platform/http-error';
import { API_KEY_LIMITS, API_KEY_PREFIX, type ApiKeyResource } from '../../../contracts/api-keys';
import * as q from './queries';
import type { ApiKeyResponse, CreateApiKeyInput } from './schema';

/** 32 random bytes, base64url: 43 characters after `afk_`. */
const SECRET_BYTES = 32;
const SECRET_PATTERN = /^afk_[A-Za-z0-9_-]{43}$/;
/** what lists show and lookups index: `afk_` and the secret's first 8 characters (48 bits) */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** the last use is written at most this often per key */
export const LAST_USED_GAP_MS = 60_000;

/**
 * SHA-256 of the whole secret. A fast hash is enough: the secret is 256 random bits, so there is nothing
 * to guess that a slow hash would protect.
 */
const hashOf = (secret: string): Buffer => createHash('sha256').update(secret).digest();

export function toApiKeyResponse(row: q.ApiKeyRow): ApiKeyResponse {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    resources: row.resources as ApiKeyResource[],
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
  };
}

/** What the audit log keeps of a key: never its secret or hash. */
const audited = (row: q.ApiKeyRow) => ({
  name: row.name,
  prefix: row.prefix,
  scope: row.scope,
  resources: row.resources,
  expires_at: row.expiresAt?.toISOString() ?? null,
});

export async function listApiKeys(db: Db, user: UserRow): Promise<ApiKeyResponse[]> {
  return (await q.listLiveKeys(db, user.id)).map(toApiKeyResponse);
}

/** Creates a key; the answer carries the secret, which is stored only as its hash. */
export async function createApiKey(
  db: Db,
  user: UserRow,
  input: CreateApiKeyInput,
): Promise<ApiKeyResponse & { key: string }> {
  const secret = `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    if ((await q.countLiveKeys(tx, user.id)) >= API_KEY_LIMITS.perUser) {
      throw conflict(`You have ${API_KEY_LIMITS.perUser} API keys: revoke one before creating another`);
    }
    const created = await q.insertApiKey(tx, {
      userId: user.id,
      name: input.name,
      prefix: secret.slice(0, PREFIX_LENGTH),
      keyHash: hashOf(secret).toString('hex'),
      scope: input.scope,
      resources: input.resources ?? [],
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'api_key.created',
      entityType: 'api_key',
      entityId: created.id,
      after: audited(created),
    });
    return created;
  });
  return { ...toApiKeyResponse(row), key: secret };
}

/** Revokes one of the user's keys at once; another user's key, or one already revoked, is not found. */
export async function revokeApiKey(db: Db, user: UserRow, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await q.findLiveKey(tx, user.id, id);
    if (!row) throw notFound('API key not found');
    const at = new Date();
    await q.markRevoked(tx, row.id, at);
    await audit(tx, {
      actorId: user.id,
      action: 'api_key.revoked',
      entityType: 'api_key',
      entityId: row.id,
      before: audited(row),
      after: { revoked_at: at.toISOString() },
    });
  });
}

/**
 * The guard's view of the keys (injected by server/app.ts). Every call reads the key row, so a revoked or
 * expired key stops at once; the owner's status is the guard's to check. Last use is written after the
 * answer, at most once a minute per key and process.
 */
export function createApiKeyVerifier(db: Db, background: Background): ApiKeyVerifier {
  const lastWritten = new LRUCache<string, number>({ max: 10_000 });
  return {
    async verify(secret) {
      if (!SECRET_PATTERN.test(secret)) return null;
      const hash = hashOf(secret);
      const now = Date.now();
      const candidates = await q.findByPrefix(db, secret.slice(0, PREFIX_LENGTH));
      const row = candidates.find((c) => {
        const stored = Buffer.from(c.keyHash, 'hex');
        return stored.length === hash.length && timingSafeEqual(stored, hash);
      });
      if (!row || (row.expiresAt !== null && row.expiresAt.getTime() <= now)) return null;
      return {
        id: row.id,
        userId: row.userId,
        scope: row.scope,
        resources: row.resources as ApiKeyResource[],
      } satisfies ApiKeyGrant;
    },
    touch(grant, address) {
      const now = Date.now();
      const last = lastWritten.get(grant.id);
      if (last !== undefined && now - last < LAST_USED_GAP_MS) return;
      lastWritten.set(grant.id, now);
      background.run('recording an API key’s last use', () =>
        q.recordUse(db, grant.id, address, new Date(now), LAST_USED_GAP_MS),
      );
    },
  };
}
