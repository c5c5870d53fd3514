import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../server/db/schema/media';
import { adminSettings } from '../../server/db/schema/platform';
import { multipart } from './support/multipart';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, party, type Party } from './support/tracking-fixtures';

let t: TestApp;
let dataDir: string;
let adv: Party;
let advB: Party;
let pub: Party;
let pubB: Party;
let admin: Party;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'affilio-media-'));
  t = await createTestApp({ dataDir });
  [adv, advB, pub, pubB, admin] = await Promise.all([
    party(t, 'advertiser'),
    party(t, 'advertiser'),
    party(t, 'publisher'),
    party(t, 'publisher'),
    party(t, 'admin'),
  ]);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

function upload(who: Party, filename: string, bytes: Uint8Array, field?: string, type?: string) {
  const { payload, headers } = multipart(filename, bytes, field, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${who.token}` },
  });
}

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 728, height = 90) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(64),
]);

/** Every file under DATA_DIR/media (temp files included). */
async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'media');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}
const rowCount = async () => (await t.database.db.select({ id: media.id }).from(media)).length;

async function uploaded(who: Party, filename = 'banner.png') {
  const res = await upload(who, filename, await image('png'));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string; thumbnail_url: string | null };
}

describe('uploading', () => {
  it('accepts each allowed type, sniffed from the bytes, with a thumbnail for images', async () => {
    const cases: [string, Buffer, string, boolean][] = [
      ['banner.png', await image('png'), 'image/png', true],
      ['photo.jpeg', await image('jpeg'), 'image/jpeg', true],
      ['anim.webp', await image('webp'), 'image/webp', true],
      ['old.gif', await image('gif'), 'image/gif', true],
      ['terms.pdf', PDF, 'application/pdf', false],
      ['clip.mp4', MP4, 'video/mp4', false],
    ];
    for (const [filename, bytes, type, thumbnail] of cases) {
      const res = await upload(adv, filename, bytes, 'file', 'text/plain');
      expect([filename, res.statusCode]).toEqual([filename, 201]);
      const body = res.json();
      expect(body).toMatchObject({
        filename,
        content_type: type,
        size_bytes: bytes.length,
        owner_id: adv.id,
      });
      expect(body.url).toBe(`/api/media/${body.id}/file`);
      if (thumbnail) {
        expect(body).toMatchObject({ width: 728, height: 90, kind: 'image' });
        const thumb = await call(t, 'GET', body.thumbnail_url, { token: adv.token });
        expect(thumb.statusCode).toBe(200);
        expect(thumb.headers['content-type']).toBe('image/webp');
        const meta = await sharp(thumb.rawPayload).metadata();
        expect(meta.width).toBe(320);
      } else {
        expect(body.thumbnail_url).toBeNull();
      }
      const file = await call(t, 'GET', body.url, { token: adv.token });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['cache-control']).toMatch(/^private/);
      expect(file.headers['content-disposition']).toContain(`filename="${filename}"`);
      expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
    }
  });

  it('names a file by its real type and strips paths and unsafe characters from the name', async () => {
    const res = await upload(adv, 'C:\\Users\\me\\My <b>Banner|v2.png', await image('jpeg'));
    expect(res.statusCode).toBe(201);
    expect(res.json().filename).toBe('My bBannerv2.jpg');
  });

  it('refuses HTML renamed .png, SVG with a script and a file over the cap, storing nothing', async () => {
    const before = { rows: await rowCount(), files: await storedFiles() };
    const html = await upload(
      adv,
      'banner.png',
      Buffer.from('<!DOCTYPE html><html><script>alert(1)</script>'),
    );
    expect(html.statusCode).toBe(415);
    expect(html.json().detail).toMatch(/HTML files are not accepted/);

    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const svgRes = await upload(adv, 'logo.svg', svg, 'file', 'image/svg+xml');
    expect(svgRes.statusCode).toBe(415);
    expect(svgRes.json().detail).toMatch(/SVG images are not accepted/);

    const other = await upload(adv, 'notes.txt', Buffer.from('just some text'));
    expect(other.statusCode).toBe(415);
    expect(other.json().detail).toMatch(/not accepted/);

    await t.database.db.update(adminSettings).set({ maxUploadBytes: 2048 }).where(eq(adminSettings.id, 1));
    try {
      const big = await upload(adv, 'big.png', await image('png', 2000, 2000));
      expect(big.statusCode).toBe(413);
      expect(big.json().detail).toMatch(/upload limit of 0\.00 MB|upload limit of/);
      const limits = await call(t, 'GET', '/api/media/limits', { token: adv.token });
      expect(limits.json().max_upload_bytes).toBe(2048);
    } finally {
      await t.database.db
        .update(adminSettings)
        .set({ maxUploadBytes: 10 * 1024 * 1024 })
        .where(eq(adminSettings.id, 1));
    }

    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100),
    ]);
    const corrupt = await upload(adv, 'broken.png', broken);
    expect(corrupt.statusCode).toBe(422);

    const empty = await upload(adv, 'empty.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(415);
    expect(empty.json().detail).toBe('The file is empty.');

    expect(await rowCount()).toBe(before.rows);
    expect(await storedFiles()).toEqual(before.files);
  });

  it('asks for multipart with a field named file', async () => {
    const wrongField = await upload(adv, 'banner.png', await image('png'), 'picture');
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().detail).toMatch(/field named "file"/);
    const json = await call(t, 'POST', '/api/media/upload', { token: adv.token, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toMatch(/multipart\/form-data/);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      ...multipart('banner.png', await image('png')),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the library', () => {
  it('lists the caller’s own media, newest first, 20 a page with X-Total-Count', async () => {
    const owner = await party(t, 'advertiser');
    for (let i = 0; i < 3; i += 1) await uploaded(owner, `b${i}.png`);
    await upload(owner, 'doc.pdf', PDF);
    const res = await call(t, 'GET', '/api/media?limit=2', { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.json().map((m: { filename: string }) => m.filename)).toEqual(['doc.pdf', 'b2.png']);
    const images = await call(t, 'GET', '/api/media?kind=image', { token: owner.token });
    expect(images.headers['x-total-count']).toBe('3');
    const other = await call(t, 'GET', '/api/media', { token: advB.token });
    expect(other.json().map((m: { owner_id: string }) => m.owner_id)).not.toContain(owner.id);
  });

  it('hides another user’s media (404) and lets only the owner delete', async () => {
    const mine = await uploaded(adv);
    for (const who of [advB, pub]) {
      expect((await call(t, 'GET', `/api/media/${mine.id}`, { token: who.token })).statusCode).toBe(404);
      expect((await call(t, 'GET', mine.url, { token: who.token })).statusCode).toBe(404);
      expect((await call(t, 'DELETE', `/api/media/${mine.id}`, { token: who.token })).statusCode).toBe(404);
    }
    expect((await call(t, 'GET', `/api/media/${mine.id}`, { token: admin.token })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/media/${mine.id}`, { token: admin.token })).statusCode).toBe(403);
    expect((await call(t, 'GET', mine.url, { token: adv.token })).statusCode).toBe(200);

    const filesBefore = (await storedFiles()).filter((f) => f.includes(mine.id));
    expect(filesBefore).toHaveLength(2);
    expect((await call(t, 'DELETE', `/api/media/${mine.id}`, { token: adv.token })).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/media/${mine.id}`, { token: adv.token })).statusCode).toBe(404);
    expect((await storedFiles()).filter((f) => f.includes(mine.id))).toEqual([]);
  });
});

describe('creatives', () => {
  it('lets approved publishers download a campaign’s creatives, nobody else', async () => {
    const banner = await uploaded(adv, 'leaderboard.png');
    const link = await approvedLink(t, adv, pub);
    const put = await call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
      token: adv.token,
      payload: { creative_ids: [banner.id] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().creative_ids).toEqual([banner.id]);

    const file = await call(t, 'GET', banner.url, { token: pub.token });
    expect(file.statusCode).toBe(200);
    const listed = await call(t, 'GET', `/api/media?campaign_id=${link.campaign.id}`, { token: pub.token });
    expect(listed.json().map((m: { id: string }) => m.id)).toEqual([banner.id]);

    // pubB never applied: the creative stays hidden, and the campaign's list is empty for them
    expect((await call(t, 'GET', banner.url, { token: pubB.token })).statusCode).toBe(404);
    const hidden = await call(t, 'GET', `/api/media?campaign_id=${link.campaign.id}`, { token: pubB.token });
    expect(hidden.json()).toEqual([]);
  });

  it('refuses another advertiser’s media as a creative', async () => {
    const theirs = await uploaded(advB);
    const link = await approvedLink(t, adv, pub);
    const before = await call(t, 'GET', `/api/campaigns/${link.campaign.id}`, { token: adv.token });
    const res = await call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
      token: adv.token,
      payload: { creative_ids: [theirs.id] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/not in the advertiser's media library/);
    const created = await call(t, 'POST', '/api/campaigns', {
      token: adv.token,
      payload: {
        name: 'Stolen banner',
        category: 'travel',
        landing_url: 'https://shop.example/',
        currency: 'USD',
        commission_model: 'cpa',
        payout_minor: 100,
        creative_ids: [theirs.id],
      },
    });
    expect(created.statusCode).toBe(422);
    const after = await call(t, 'GET', `/api/campaigns/${link.campaign.id}`, { token: adv.token });
    expect(after.json().creative_ids).toEqual(before.json().creative_ids);
  });

  it('refuses to delete a creative of an active campaign (409); a paused one loses it', async () => {
    const banner = await uploaded(adv);
    const link = await approvedLink(t, adv, pub, { name: 'Summer sale' });
    await call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
      token: adv.token,
      payload: { creative_ids: [banner.id] },
    });
    const refused = await call(t, 'DELETE', `/api/media/${banner.id}`, { token: adv.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/active campaign Summer sale/);
    expect((await call(t, 'GET', banner.url, { token: adv.token })).statusCode).toBe(200);

    await call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
      token: adv.token,
      payload: { status: 'paused' },
    });
    expect((await call(t, 'DELETE', `/api/media/${banner.id}`, { token: adv.token })).statusCode).toBe(204);
    const campaign = await call(t, 'GET', `/api/campaigns/${link.campaign.id}`, { token: adv.token });
    expect(campaign.json().creative_ids).toEqual([]);
  });
});
