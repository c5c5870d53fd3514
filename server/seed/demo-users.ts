import type { applications } from '../db/schema/marketplace';
import type { AdvertiserKey, PublisherKey } from './demo-campaigns';

/** A demo account the seed created: what the demo data generators need of it. */
export interface DemoUser {
  id: string;
  name: string;
  /** what the texts written to them use (server/platform/i18n.ts) */
  language: 'en' | 'da';
}

export interface DemoUsers {
  advertisers: Record<AdvertiserKey, DemoUser>;
  publishers: Record<PublisherKey, DemoUser>;
}

export type ApplicationRow = typeof applications.$inferInsert & { id: string; createdAt: Date };
