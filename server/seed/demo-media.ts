import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { MediaStorage } from '../modules/media/service';
import type { Db } from '../db/connection';
import { DEMO_CAMPAIGNS } from './demo-campaigns';
import type { DemoUsers } from './demo-users';
import { campaigns } from '../db/schema/marketplace';
import { media } from '../db/schema/media';

/**
 * A few banners as campaign creatives (SEED=demo): PNGs drawn with sharp at seed time, stored through the
 * media storage with their thumbnails, and set as creatives on three demo campaigns whose approved
 * publishers (Paula, Peter) can download them.
 */

interface DemoBanner {
  campaign: string;
  filename: string;
  width: number;
  height: number;
  title: string;
  tagline: string;
  colors: [string, string];
}

const BANNERS: DemoBanner[] = [
  {
    campaign: 'trail-jackets',
    filename: 'northwind-trail-jackets-728x90.png',
    width: 728,
    height: 90,
    title: 'Northwind Trail Jackets',
    tagline: 'Waterproof shells — free Nordic delivery',
    colors: ['#0b3d2e', '#1f7a5a'],
  },
  {
    campaign: 'trail-jackets',
    filename: 'northwind-trail-jackets-300x250.png',
    width: 300,
    height: 250,
    title: 'Trail Jackets',
    tagline: 'Autumn/Winter collection',
    colors: ['#0b3d2e', '#2f9c74'],
  },
  {
    campaign: 'outdoor-store',
    filename: 'northwind-outdoor-store-728x90.png',
    width: 728,
    height: 90,
    title: 'Northwind Outdoor Store',
    tagline: 'Tents, packs and boots, shipped across the EU',
    colors: ['#1d3557', '#457b9d'],
  },
  {
    campaign: 'laptops',
    filename: 'brennan-laptops-300x250.png',
    width: 300,
    height: 250,
    title: 'Brennan Laptops',
    tagline: 'Ultrabooks & tablets',
    colors: ['#3a0ca3', '#4361ee'],
  },
];

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

function bannerSvg(b: DemoBanner): string {
  const wide = b.width / b.height > 3;
  const [from, to] = b.colors;
  const text = wide
    ? `<text x="24" y="50" font-size="30" font-weight="700" fill="#fff">${escapeXml(b.title)}</text>
       <text x="24" y="74" font-size="16" fill="#e8f1ff">${escapeXml(b.tagline)}</text>
       <rect x="${b.width - 168}" y="25" width="144" height="40" rx="6" fill="#f5b700"/>
       <text x="${b.width - 96}" y="51" text-anchor="middle" font-size="17" font-weight="700" fill="#222">Shop now</text>`
    : `<text x="${b.width / 2}" y="100" text-anchor="middle" font-size="30" font-weight="700" fill="#fff">${escapeXml(b.title)}</text>
       <text x="${b.width / 2}" y="132" text-anchor="middle" font-size="17" fill="#e8f1ff">${escapeXml(b.tagline)}</text>
       <rect x="${b.width / 2 - 72}" y="170" width="144" height="42" rx="6" fill="#f5b700"/>
       <text x="${b.width / 2}" y="197" text-anchor="middle" font-size="17" font-weight="700" fill="#222">Shop now</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${b.width}" height="${b.height}" font-family="sans-serif">
    <defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="${b.width}" height="${b.height}" fill="url(#g)"/>${text}</svg>`;
}

/** Draws, stores and attaches the demo banners; answers how many were made. */
export async function seedDemoMedia(db: Db, users: DemoUsers, storage: MediaStorage): Promise<number> {
  // loaded here, not at start: a server that does not seed never needs it
  const { default: sharp } = await import('sharp');
  const creatives = new Map<string, { advertiserId: string; name: string; ids: string[] }>();
  for (const banner of BANNERS) {
    const spec = DEMO_CAMPAIGNS.find((c) => c.key === banner.campaign);
    if (!spec) throw new Error(`demo banner for unknown campaign ${banner.campaign}`);
    const advertiserId = users.advertisers[spec.advertiser].id;
    const png = await sharp(Buffer.from(bannerSvg(banner)))
      .png()
      .toBuffer();
    const thumbnail = await sharp(png)
      .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const id = randomUUID();
    const storageKey = `files/${id}`;
    const thumbnailKey = `thumbnails/${id}.webp`;
    await storage.write(storageKey, png);
    await storage.write(thumbnailKey, thumbnail);
    await db.insert(media).values({
      id,
      ownerId: advertiserId,
      filename: banner.filename,
      contentType: 'image/png',
      sizeBytes: png.length,
      storageKey,
      thumbnailKey,
      width: banner.width,
      height: banner.height,
    });
    const entry = creatives.get(banner.campaign) ?? { advertiserId, name: spec.name, ids: [] };
    entry.ids.push(id);
    creatives.set(banner.campaign, entry);
  }
  for (const { advertiserId, name, ids } of creatives.values()) {
    await db
      .update(campaigns)
      .set({ creativeIds: ids })
      .where(and(eq(campaigns.advertiserId, advertiserId), eq(campaigns.name, name)));
  }
  return BANNERS.length;
}
