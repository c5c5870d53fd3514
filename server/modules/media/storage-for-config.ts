import path from 'node:path';
import type { S3StoreConfig } from '../../config';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type MediaStorage } from './storage';

/**
 * The store a running app uses: an S3-compatible store when MEDIA_STORE=s3://… (every instance sees the same
 * files), else local disk under DATA_DIR/media (one process). Upload temp files stay on local disk either way.
 */
export function mediaStorageFor(config: { dataDir: string; mediaStore: S3StoreConfig | null }): MediaStorage {
  if (config.mediaStore) return createS3Storage(config.mediaStore, path.join(config.dataDir, 'media-tmp'));
  return createLocalStorage(path.join(config.dataDir, 'media'));
}
