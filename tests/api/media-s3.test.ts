import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { multipart } from './support/multipart';
import { freePort } from './support/processes';
import { call, createTestApp, type TestApp } from './support/test-app';
import { party, type Party } from './support/tracking-fixtures';

// A real S3-compatible server (s3rver) on loopback: MEDIA_STORE=s3://… must put every file there, so a second
// instance behind the same proxy serves what the first one stored, and nothing lands on the local disk.
const BUCKET = 'affilio-media';
const PREFIX = 'site-a/';

let s3server: S3rver;
let s3dir: string;
let dataDir: string;
let endpoint: string;
let other: S3Client;
let t: TestApp;
let adv: Party;
let advB: Party;

beforeAll(async () => {
  s3dir = await mkdtemp(path.join(os.tmpdir(), 'affilio-s3rver-'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'affilio-media-s3-'));
  const port = await freePort();
  s3server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  await s3server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials, through the AWS SDK's usual environment chain as in production (undone
  // after the file: the API files share one process, vitest.config.ts)
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
  const { mediaStore } = loadConfig({ MEDIA_STORE: `s3://${BUCKET}/${PREFIX}`, S3_ENDPOINT: endpoint });
  t = await createTestApp({ dataDir, mediaStore });
  other = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
  [adv, advB] = await Promise.all([party(t, 'advertiser'), party(t, 'advertiser')]);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await t?.close();
  other?.destroy();
  await s3server?.close();
  await rm(s3dir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

async function keysInBucket(): Promise<string[]> {
  const listed = await other.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

function upload(who: Party, filename: string, bytes: Uint8Array) {
  const { payload, headers } = multipart(filename, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${who.token}` },
  });
}

const banner = () =>
  sharp({ create: { width: 728, height: 90, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

describe('media in an S3-compatible store (MEDIA_STORE=s3://…)', () => {
  it('reads the store from MEDIA_STORE and the S3_* variables, refusing a malformed one by name', () => {
    expect(loadConfig({}).mediaStore).toBeNull();
    expect(loadConfig({ MEDIA_STORE: 'local' }).mediaStore).toBeNull();
    expect(loadConfig({ MEDIA_STORE: 's3://my-bucket' }).mediaStore).toEqual({
      bucket: 'my-bucket',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ MEDIA_STORE: 'ftp://x' })).toThrow(/MEDIA_STORE/);
    expect(() => loadConfig({ MEDIA_STORE: 's3://b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });

  it('stores an upload and its thumbnail in the bucket under the prefix, none on local disk', async () => {
    const bytes = await banner();
    const res = await upload(adv, 'banner.png', bytes);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(await keysInBucket()).toEqual(
      expect.arrayContaining([`${PREFIX}files/${id}`, `${PREFIX}thumbnails/${id}.webp`]),
    );
    // temp files are cleaned up and nothing else is kept locally
    const local = await readdir(dataDir, { recursive: true, withFileTypes: true });
    expect(local.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
    // what another instance (any S3 client) reads is the uploaded file, byte for byte
    const object = await other.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}files/${id}` }));
    expect(Buffer.compare(Buffer.from(await object.Body!.transformToByteArray()), bytes)).toBe(0);
  });

  it('serves the file and the thumbnail from the store, and another advertiser still gets 404', async () => {
    const bytes = await banner();
    const { id, url, thumbnail_url } = (await upload(adv, 'served.png', bytes)).json<{
      id: string;
      url: string;
      thumbnail_url: string;
    }>();
    const file = await call(t, 'GET', url, { token: adv.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
    const thumb = await call(t, 'GET', thumbnail_url, { token: adv.token });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    expect((await call(t, 'GET', url, { token: advB.token })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/media/${id}`, { token: advB.token })).statusCode).toBe(404);
    expect(await keysInBucket()).toContain(`${PREFIX}files/${id}`);
  });

  it('deleting a file removes its objects from the bucket', async () => {
    const { id } = (await upload(adv, 'gone.png', await banner())).json<{ id: string }>();
    expect(await keysInBucket()).toContain(`${PREFIX}files/${id}`);
    const res = await call(t, 'DELETE', `/api/media/${id}`, { token: adv.token });
    expect(res.statusCode).toBe(204);
    const keys = await keysInBucket();
    expect(keys).not.toContain(`${PREFIX}files/${id}`);
    expect(keys).not.toContain(`${PREFIX}thumbnails/${id}.webp`);
  });

  it('answers 404, not 500, for a file whose object went missing from the store', async () => {
    const { url, id } = (await upload(adv, 'lost.png', await banner())).json<{ url: string; id: string }>();
    await other.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}files/${id}` }));
    expect((await call(t, 'GET', url, { token: adv.token })).statusCode).toBe(404);
  });
});
