import { bigint, integer, pgTable, text, uuid, index } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Uploaded files (creatives, attachments). The bytes live in a storage backend (DATA_DIR/media on local
 * disk) under `storage_key`; `thumbnail_key` is set for images. The type is sniffed from the bytes.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sanitised original name, for display and downloads */
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_owner_idx').on(t.ownerId, t.createdAt),
    // global search: the caller's files by name, typo-tolerant
    index('media_filename_trgm_idx').using('gin', t.filename.op('gin_trgm_ops')),
  ],
);
