import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StoreConfig } from '../../config';
import type { MediaStorage } from './storage';

type Sdk = typeof S3Sdk;
let sdk: Promise<Sdk> | undefined;
// loaded on first use: an install keeping media on local disk never pays for the SDK at start or in memory
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'));

function isMissing(aws: Sdk, error: unknown): boolean {
  if (error instanceof aws.NoSuchKey) return true;
  return (
    error instanceof aws.S3ServiceException &&
    (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Media in an S3-compatible object store, so every instance behind a proxy reads and writes the same files.
 * Uploads still stream into a local temp file first (the type is sniffed and a thumbnail made before
 * anything is stored); `put` then uploads it and removes the temp file. Credentials come from the AWS SDK's
 * usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, or an instance role).
 */
export function createS3Storage(store: S3StoreConfig, tmpDir: string, client?: S3Client): MediaStorage {
  let connected: Promise<{ aws: Sdk; s3: S3Client }> | undefined;
  const connect = () =>
    (connected ??= loadSdk().then((aws) => ({
      aws,
      s3:
        client ??
        new aws.S3Client({
          region: store.region,
          endpoint: store.endpoint,
          forcePathStyle: store.forcePathStyle,
          // The SDK's default since 2025 frames streamed bodies as aws-chunked with a trailing CRC checksum;
          // many S3-compatible stores (older MinIO, Ceph, s3rver) store that framing as the object's bytes.
          // Checksums only where an operation requires them keeps every store byte-exact.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    })));
  const keyOf = (key: string) => {
    // keys are ours (files/<id>, thumbnails/<id>.webp); a bug must never reach outside the prefix
    if (key.startsWith('/') || key.split('/').includes('..'))
      throw new Error(`media key outside the store: ${key}`);
    return `${store.prefix}${key}`;
  };
  return {
    async tempPath() {
      await mkdir(tmpDir, { recursive: true });
      return path.join(tmpDir, `${randomUUID()}.part`);
    },
    async put(key, sourcePath) {
      const { size } = await stat(sourcePath);
      const { aws, s3 } = await connect();
      await s3.send(
        new aws.PutObjectCommand({
          Bucket: store.bucket,
          Key: keyOf(key),
          Body: createReadStream(sourcePath),
          ContentLength: size,
        }),
      );
      await rm(sourcePath, { force: true });
    },
    async write(key, data) {
      const { aws, s3 } = await connect();
      await s3.send(new aws.PutObjectCommand({ Bucket: store.bucket, Key: keyOf(key), Body: data }));
    },
    async read(key) {
      const { aws, s3 } = await connect();
      try {
        const answer = await s3.send(new aws.GetObjectCommand({ Bucket: store.bucket, Key: keyOf(key) }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isMissing(aws, error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers 204 for a key that holds nothing, as `remove` promises
      const { aws, s3 } = await connect();
      await s3.send(new aws.DeleteObjectCommand({ Bucket: store.bucket, Key: keyOf(key) }));
    },
  };
}
