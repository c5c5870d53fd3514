import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connection';
import type { DemoUsers } from './demo-users';
import { apiKeys } from '../db/schema/api-keys';
import { auditLog } from '../db/schema/platform';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Alice's reporting script: a read-only key limited to campaigns and reports, made three weeks ago and used
 * an hour ago. Its secret is random and thrown away (as the app would after showing it once), so the demo
 * shows a key in use without publishing one that works.
 */
export async function seedDemoApiKeys(db: Db, demo: DemoUsers, now: Date): Promise<void> {
  const secret = `afk_${randomBytes(32).toString('base64url')}`;
  const owner = demo.advertisers.alice;
  const createdAt = new Date(now.getTime() - 21 * DAY_MS);
  const [key] = await db
    .insert(apiKeys)
    .values({
      userId: owner.id,
      name: 'Nightly report export',
      prefix: secret.slice(0, 12),
      keyHash: createHash('sha256').update(secret).digest('hex'),
      scope: 'read',
      resources: ['campaigns', 'reports'],
      expiresAt: new Date(now.getTime() + 344 * DAY_MS),
      lastUsedAt: new Date(now.getTime() - HOUR_MS),
      lastUsedIp: '203.0.113.42',
      createdAt,
    })
    .returning();
  await db.insert(auditLog).values({
    actorId: owner.id,
    action: 'api_key.created',
    entityType: 'api_key',
    entityId: key!.id,
    after: { name: key!.name, prefix: key!.prefix, scope: key!.scope, resources: key!.resources },
    createdAt,
  });
}
