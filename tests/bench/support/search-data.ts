// Bulk data for the search bench (tests/bench/search.ts): campaigns and messages made in SQL with
// generate_series, so 100k campaigns and 1M messages load in minutes rather than hours over HTTP.
import type { Inspector } from './database';

/** Campaign names are three words from these lists plus a number: 40 × 40 × 40 combinations. */
export const FIRST =
  'Alpine Arctic Atlas Aurora Birch Boreal Canyon Cedar Coastal Copper Delta Desert Ember Fjord Forest Glacier Granite Harbor Highland Island Jade Juniper Lagoon Lunar Maple Marathon Meadow Nordic Ocean Orchard Pacific Polar Prairie Quartz Ridge River Summit Tundra Urban Willow'.split(
    ' ',
  );
export const SECOND =
  'Bikes Boots Cameras Coffee Cosmetics Energy Fashion Finance Fitness Footwear Furniture Gadgets Gear Garden Hiking Home Insurance Jackets Jewelry Kitchen Laptops Lighting Luggage Music Nutrition Outdoor Pets Phones Running Security Skincare Software Sports Streaming Tablets Tents Tools Toys Travel Watches'.split(
    ' ',
  );
export const THIRD =
  'Bonanza Bundle Cashback Clearance Club Collection Deals Direct Discounts Edition Essentials Exclusive Express Festival Flash Friday Launch League Market Monthly Outlet Partners Plus Premium Pro Promo Rewards Sale Season Select Special Spring Starter Store Summer Supply Weekly Winter World Yearly'.split(
    ' ',
  );

/** How a message starts and ends; the middle names a brand and a product from the lists above. */
const OPENINGS = [
  'Can we raise the payout on the',
  'New banners are ready for the',
  'Conversions dropped this week on the',
  'Please check the tracking link for the',
  'Thanks for approving me on the',
  'Is there a coupon code for the',
  'My newsletter goes out tomorrow with the',
  'Quick question about the',
];
const ENDINGS = [
  'campaign, thanks!',
  'offer. The landing page loads slowly on mobile.',
  'promotion: can you send the numbers for last month?',
  'deal. I added it to my top picks page.',
  'campaign. Let me know when the new creatives are live.',
  'launch, we expect twice the traffic next week.',
];

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;
const sqlArray = (words: string[]) => `ARRAY[${words.map(sqlText).join(',')}]`;
const WORDS = `(SELECT ${sqlArray(FIRST)} AS f, ${sqlArray(SECOND)} AS s, ${sqlArray(THIRD)} AS t) AS words`;

/** 70% active, the rest draft/paused/ended, spread over the advertisers; in one statement. */
export async function loadCampaigns(db: Inspector, advertiserIds: string[], count: number): Promise<void> {
  await db.rows(
    `INSERT INTO campaigns (advertiser_id, name, description, category, status, landing_url, currency,
       commission_model, payout_minor, tracking_secret)
     SELECT (${sqlArray(advertiserIds)}::uuid[])[1 + i % ${advertiserIds.length}],
       f[1 + i % 40] || ' ' || s[1 + (i / 40) % 40] || ' ' || t[1 + (i / 1600) % 40] || ' ' || i,
       'Commission on every ' || lower(s[1 + (i / 40) % 40]) || ' order from ' || f[1 + i % 40] || ' shoppers',
       'other',
       (ARRAY['active','active','active','active','active','active','active','draft','paused','ended'])[1 + i % 10],
       'https://shop.example/c/' || i, 'USD', 'cpa', 1000, md5(i::text)
     FROM generate_series(1, $1::int) AS i, ${WORDS}`,
    [count],
  );
}

export interface MessagePeople {
  admin: string;
  advertiser: string;
  publisher: string;
  /** accounts whose conversations the viewers are not in (at least two) */
  others: string[];
}

/** Messages per conversation: 1M messages make 20,000 threads. */
const PER_CONVERSATION = 50;

/**
 * `count` messages in count / 50 two-person conversations. Of every ten conversations one is between
 * the viewing advertiser and publisher, one between the admin and the publisher, one between the
 * advertiser and another account, and seven between other accounts only: the publisher is in 20% of
 * the threads, the advertiser in 20%, the admin in 10%; the remaining 70% of messages are ones no
 * viewer may find. Bodies name a brand and a product from the campaign word lists. The messages' search
 * index (members × words, migration 0017) is dropped during the load and built after it (much faster than
 * 1M index inserts); the triggers fill member_ids and search_words as the rows go in.
 */
export async function loadMessages(db: Inspector, people: MessagePeople, count: number): Promise<void> {
  const conversations = Math.max(1, Math.ceil(count / PER_CONVERSATION));
  const others = people.others;
  if (others.length < 2) throw new Error('loadMessages needs at least two other accounts');
  const indexes = await db.rows<{ indexdef: string }>(
    `SELECT indexdef FROM pg_indexes WHERE tablename = 'messages' AND indexname = 'messages_search_idx'`,
  );
  await db.rows('DROP INDEX IF EXISTS messages_search_idx');
  await db.rows(
    `CREATE TEMP TABLE bench_threads (n int PRIMARY KEY, id uuid NOT NULL, a uuid NOT NULL, b uuid NOT NULL)`,
  );
  await db.rows(
    `INSERT INTO bench_threads (n, id, a, b)
     SELECT n, gen_random_uuid(),
       CASE n % 10 WHEN 0 THEN $1::uuid WHEN 1 THEN $2::uuid WHEN 2 THEN $1::uuid
         ELSE o[1 + n % ${others.length}] END,
       CASE n % 10 WHEN 0 THEN $3::uuid WHEN 1 THEN $3::uuid WHEN 2 THEN o[1 + n % ${others.length}]
         ELSE o[1 + (n + 1) % ${others.length}] END
     FROM generate_series(0, $4::int - 1) AS n, (SELECT $5::uuid[] AS o) AS people`,
    [people.advertiser, people.admin, people.publisher, conversations, others],
  );
  await db.rows(
    `INSERT INTO conversations (id, member_key, created_by, last_message_at, created_at)
     SELECT id, 'bench:' || n, a, now(), now() - interval '30 days' FROM bench_threads`,
  );
  await db.rows(
    `INSERT INTO conversation_members (conversation_id, user_id)
     SELECT id, a FROM bench_threads UNION ALL SELECT id, b FROM bench_threads`,
  );
  await db.rows(
    `INSERT INTO messages (conversation_id, sender_id, body, created_at)
     SELECT th.id, CASE WHEN i % 2 = 0 THEN th.a ELSE th.b END,
       (${sqlArray(OPENINGS)})[1 + i % ${OPENINGS.length}] || ' '
         || f[1 + (i * 7 + i / ${conversations}) % 40] || ' ' || s[1 + (i * 13 + i / 977) % 40] || ' '
         || (${sqlArray(ENDINGS)})[1 + (i / 7) % ${ENDINGS.length}],
       now() - interval '30 days' + (i || ' seconds')::interval
     FROM generate_series(0, $1::int - 1) AS i
     JOIN bench_threads th ON th.n = i % ${conversations}, ${WORDS}`,
    [count],
  );
  await db.rows('DROP TABLE bench_threads');
  for (const { indexdef } of indexes) await db.rows(indexdef);
}
