import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, trackingLinks } from '../../server/db/schema/tracking';
import type { ClickRecord } from '../../server/modules/tracking/click-buffer';
import { clicksAsCopyText, COPY_CLICKS, insertClicks } from '../../server/modules/tracking/queries';
import { createTestApp, type TestApp } from './support/test-app';
import { approvedLink, party } from './support/tracking-fixtures';

// The click buffer's two ways into the table (INSERT … unnest on PostgreSQL and for paid clicks, COPY on
// PGlite) store exactly what the redirect recorded, whatever the visitor sent.

let t: TestApp;
let link: { id: string; campaignId: string; publisherId: string; websiteId: string };
let advertiserId: string;

beforeAll(async () => {
  t = await createTestApp();
  const adv = await party(t, 'advertiser');
  const pub = await party(t, 'publisher');
  advertiserId = adv.id;
  const { code } = await approvedLink(t, adv, pub);
  const [row] = await t.database.db.select().from(trackingLinks).where(eq(trackingLinks.code, code));
  link = row!;
});
afterAll(() => t.close());

const ODD = [
  'Mozilla/5.0 "quoted" \\ back\\slash {braces}, commas',
  'NULL',
  'tab\there, line\nbreak, return\r',
  '日本語 ünïcödé 😀',
  ' leading and trailing ',
  '',
];

let n = 0;
function click(overrides: Partial<ClickRecord>): ClickRecord {
  n += 1;
  return {
    id: `write-${n}-${Date.now()}`,
    linkId: link.id,
    campaignId: link.campaignId,
    advertiserId,
    publisherId: link.publisherId,
    websiteId: link.websiteId,
    commissionModel: 'cpa',
    ipHash: `hash-${n}`,
    userAgent: 'ua',
    referrer: null,
    subs: [null, null, null, null, null],
    country: null,
    isUnique: false,
    isBot: false,
    isTest: false,
    createdAt: new Date(Date.UTC(2026, 10, 23, 12, 0, 0, n)),
    ...overrides,
  };
}

const batch = () =>
  ODD.map((text, i) =>
    click({
      userAgent: text,
      referrer: i % 2 ? text : null,
      subs: [text, null, i % 3 ? text : null, null, text],
      country: i === 0 ? 'DE' : null,
      isBot: i === 1,
      isTest: i === 2,
    }),
  );

async function stored(batch: ClickRecord[]) {
  const rows = await t.database.db
    .select()
    .from(clicks)
    .where(
      inArray(
        clicks.id,
        batch.map((c) => c.id),
      ),
    );
  return batch.map((c) => rows.find((r) => r.id === c.id));
}

function expectStoredAsRecorded(batch: ClickRecord[], rows: Awaited<ReturnType<typeof stored>>) {
  batch.forEach((c, i) => {
    expect(rows[i]).toMatchObject({
      id: c.id,
      linkId: c.linkId,
      ipHash: c.ipHash,
      userAgent: c.userAgent,
      referrer: c.referrer,
      sub1: c.subs[0],
      sub2: c.subs[1],
      sub3: c.subs[2],
      sub4: c.subs[3],
      sub5: c.subs[4],
      country: c.country,
      isBot: c.isBot,
      isTest: c.isTest,
      createdAt: c.createdAt,
    });
  });
}

describe('writing clicks', () => {
  it('INSERT stores every value as recorded and confirms unique clicks against the table', async () => {
    const clicksIn = batch();
    await insertClicks(t.database.db, clicksIn, false);
    expectStoredAsRecorded(clicksIn, await stored(clicksIn));

    // a second unique click from the same address within the hour is stored as a repeat
    const first = click({ ipHash: 'same-visitor', isUnique: true });
    const again = click({
      ipHash: 'same-visitor',
      isUnique: true,
      createdAt: new Date(first.createdAt.getTime() + 60_000),
    });
    expect(await insertClicks(t.database.db, [first], true)).toEqual([first.id]);
    expect(await insertClicks(t.database.db, [again], true)).toEqual([]);
    expect((await stored([first, again])).map((r) => r?.isUnique)).toEqual([true, false]);

    // a batch written twice (its answer was lost) stores each click once
    await insertClicks(t.database.db, clicksIn, false);
    expect(await stored(clicksIn)).toHaveLength(clicksIn.length);
  });

  it('COPY stores every value as recorded (PGlite)', async () => {
    if (!t.database.copyFrom) return; // PostgreSQL always INSERTs
    const clicksIn = batch();
    await t.database.copyFrom(COPY_CLICKS, clicksAsCopyText(clicksIn));
    expectStoredAsRecorded(clicksIn, await stored(clicksIn));
  });
});
