import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ClickBuffer, type ClickRecord } from '../../../server/modules/tracking/click-buffer';

let seq = 0;
function click(): ClickRecord {
  seq += 1;
  return {
    id: `click-${seq}`,
    linkId: 'link',
    campaignId: 'campaign',
    advertiserId: 'advertiser',
    publisherId: 'publisher',
    websiteId: 'website',
    commissionModel: 'cpa',
    ipHash: 'hash',
    userAgent: 'ua',
    referrer: null,
    subs: [null, null, null, null, null],
    country: null,
    isUnique: true,
    isBot: false,
    isTest: false,
    createdAt: new Date(),
  };
}

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A database whose writes finish when the test says so. */
function slowDatabase() {
  const writes: { ids: string[]; finish: (err?: Error) => void }[] = [];
  const stored: string[] = [];
  const write = (batch: ClickRecord[]) =>
    new Promise<void>((resolve, reject) => {
      writes.push({
        ids: batch.map((c) => c.id),
        finish: (err) => {
          if (err) return reject(err);
          stored.push(...batch.map((c) => c.id));
          resolve();
        },
      });
    });
  return { writes, stored, write };
}

describe('ClickBuffer', () => {
  it('writes what arrived within the window as one batch', async () => {
    const batches: string[][] = [];
    const buffer = new ClickBuffer(async (b) => void batches.push(b.map((c) => c.id)), log, {
      windowMs: 30,
    });
    const clicks = [click(), click(), click()];
    clicks.forEach((c) => buffer.add(c));
    expect(buffer.has(clicks[0]!.id)).toBe(true);
    await sleep(10);
    expect(batches).toEqual([]);
    await sleep(60);
    expect(batches).toEqual([clicks.map((c) => c.id)]);
    expect(buffer.has(clicks[0]!.id)).toBe(false);
  });

  it('runs one write at a time: clicks that come meanwhile go out together once it ends', async () => {
    const db = slowDatabase();
    const buffer = new ClickBuffer(db.write, log, { windowMs: 5 });
    buffer.add(click());
    await sleep(20);
    expect(db.writes).toHaveLength(1);
    const meanwhile = [click(), click(), click()];
    meanwhile.forEach((c) => buffer.add(c));
    await sleep(30);
    expect(db.writes).toHaveLength(1); // nothing queued behind the slow write
    db.writes[0]!.finish();
    await sleep(30);
    expect(db.writes).toHaveLength(2);
    expect(db.writes[1]!.ids).toEqual(meanwhile.map((c) => c.id));
    db.writes[1]!.finish();
  });

  it('resolves flush only once every click accepted before it is stored, even behind a write under way', async () => {
    const db = slowDatabase();
    const buffer = new ClickBuffer(db.write, log, { windowMs: 1_000 });
    const first = click();
    buffer.add(first);
    const firstFlush = buffer.flush();
    const second = click();
    buffer.add(second);
    let flushed = false;
    const secondFlush = buffer.flush().then(() => (flushed = true));
    await sleep(10);
    db.writes[0]!.finish();
    await firstFlush;
    await sleep(10);
    expect(flushed).toBe(false);
    expect(db.writes[1]!.ids).toEqual([second.id]);
    db.writes[1]!.finish();
    await secondFlush;
    expect(db.stored).toEqual([first.id, second.id]);
  });

  it('keeps a failed batch, in order, and writes it again later', async () => {
    const db = slowDatabase();
    const buffer = new ClickBuffer(db.write, log, { windowMs: 5, retryMs: 40 });
    const a = click();
    buffer.add(a);
    const attempt = buffer.flush();
    db.writes[0]!.finish(new Error('database unavailable'));
    await attempt; // resolves after the failed attempt
    expect(buffer.has(a.id)).toBe(true);
    const b = click();
    buffer.add(b);
    await sleep(15);
    expect(db.writes).toHaveLength(1); // waits for the retry delay
    await sleep(60);
    expect(db.writes[1]!.ids).toEqual([a.id, b.id]);
    db.writes[1]!.finish();
    await buffer.flush();
    expect(db.stored).toEqual([a.id, b.id]);
  });

  it('holds at most maxPending clicks while the database is behind, and counts the ones it drops', async () => {
    const db = slowDatabase();
    const buffer = new ClickBuffer(db.write, log, { windowMs: 5, maxBatch: 2, maxPending: 3 });
    const clicks = Array.from({ length: 6 }, click);
    clicks.slice(0, 2).forEach((c) => buffer.add(c)); // a full batch starts writing at once
    expect(db.writes).toHaveLength(1);
    clicks.slice(2).forEach((c) => buffer.add(c));
    expect(buffer.size).toBe(3);
    expect(buffer.dropped).toBe(1);
    db.writes[0]!.finish();
    await sleep(10);
    expect(db.writes[1]!.ids).toEqual(clicks.slice(2, 4).map((c) => c.id)); // a batch is at most maxBatch
    db.writes[1]!.finish();
    await sleep(10);
    db.writes[2]!.finish();
    await buffer.flush();
    expect(db.stored).toEqual(clicks.slice(0, 5).map((c) => c.id));
  });
});
