import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseErrorOf, queryRows } from './support/raw-sql';
import type { TestApp } from './support/test-app';
import {
  approvedLink,
  appWithParties,
  clickOn,
  clickWritten,
  party,
  postback,
  type LinkFixture,
  type Party,
} from './support/tracking-fixtures';

// conversions, commissions and notifications have no FOREIGN KEY constraints on their parents (each key's
// per-row check was a query per inserted row); statement-level triggers (migration 0020) keep the keys' rules,
// checked here against the rules the constraints had.

let t: TestApp;
let adv: Party;
let pub: Party;

beforeAll(async () => {
  ({ t, adv, pub } = await appWithParties());
});
afterAll(() => t.close());

const GHOST = '00000000-0000-4000-8000-00000000dead';

const query = (statement: SQL) => queryRows(t, statement);

interface Sale {
  link: LinkFixture;
  clickId: string;
  conversionId: string;
  commissionId: string;
  websiteId: string;
}

let orders = 0;

/** A click and a postback on a new campaign: the conversion and its pending commission. */
async function sale(): Promise<Sale> {
  const link = await approvedLink(t, adv, pub);
  const { clickId } = await clickOn(t, link.code);
  await clickWritten(t, clickId!);
  orders += 1;
  const res = await postback(t, {
    click_id: clickId,
    order_id: `keys-${orders}`,
    amount: '80.00',
    secret: link.campaign.tracking_secret,
  });
  if (res.statusCode !== 201) throw new Error(`postback: ${res.statusCode} ${res.body}`);
  const body = res.json();
  const [row] = await query(sql`select website_id from conversions where id = ${body.conversion_id}`);
  return {
    link,
    clickId: clickId!,
    conversionId: body.conversion_id,
    commissionId: body.commission_id,
    websiteId: row!.website_id as string,
  };
}

/** A click on a new link whose conversion (inserted here) has no commission. */
async function uncommissionedConversion() {
  const link = await approvedLink(t, adv, pub);
  const { clickId } = await clickOn(t, link.code);
  await clickWritten(t, clickId!);
  const [click] = await query(sql`select campaign_id, website_id from clicks where id = ${clickId}`);
  orders += 1;
  const [conversion] =
    await query(sql`insert into conversions (click_id, campaign_id, publisher_id, website_id,
      order_id, event, original_amount_minor, original_currency, amount_minor, currency, source)
    values (${clickId}, ${click!.campaign_id}, ${pub.id}, ${click!.website_id}, ${`keys-${orders}`}, 'sale', 100, 'USD',
      100, 'USD', 'postback')
    returning id`);
  return {
    clickId: clickId!,
    campaignId: click!.campaign_id as string,
    websiteId: click!.website_id as string,
    conversionId: conversion!.id as string,
  };
}

function conversionRow(
  s: { clickId: string; campaignId: string; websiteId: string },
  orderId: string,
  over: Partial<Record<'click' | 'campaign' | 'publisher' | 'website', string>> = {},
) {
  return sql`(${over.click ?? s.clickId}, ${over.campaign ?? s.campaignId}, ${over.publisher ?? pub.id},
    ${over.website ?? s.websiteId}, ${orderId}, 'sale', 100, 'USD', 100, 'USD', 'postback')`;
}

const insertConversions = (rows: SQL[]) =>
  t.database.db
    .execute(sql`insert into conversions (click_id, campaign_id, publisher_id, website_id, order_id,
    event, original_amount_minor, original_currency, amount_minor, currency, source)
    values ${sql.join(rows, sql`, `)}`);

/** A commission row on `s`'s campaign, with no conversion or click; `over` sets a column (null clears it). */
function commissionRow(
  s: Sale,
  over: Partial<
    Record<'campaign' | 'advertiser' | 'publisher' | 'website' | 'conversion' | 'click', string | null>
  > = {},
) {
  const pick = (key: keyof typeof over, fallback: string | null) => (key in over ? over[key]! : fallback);
  return sql`('conversion', 100, 'USD', ${pick('campaign', s.link.campaign.id)}, ${pick('advertiser', adv.id)},
    ${pick('publisher', pub.id)}, ${pick('website', s.websiteId)}, ${pick('conversion', null)}, ${pick('click', null)})`;
}

const insertCommissions = (rows: SQL[]) =>
  t.database.db.execute(sql`insert into commissions (kind, amount_minor, currency, campaign_id, advertiser_id,
    publisher_id, website_id, conversion_id, click_id) values ${sql.join(rows, sql`, `)}`);

describe('inserts are checked once per statement, with the foreign key errors', () => {
  it('a conversion whose click, campaign, publisher or website does not exist is refused, and none of its statement is stored', async () => {
    const s = await uncommissionedConversion();
    const cases = [
      ['click', 'conversions_click_id_clicks_id_fk'],
      ['campaign', 'conversions_campaign_id_campaigns_id_fk'],
      ['publisher', 'conversions_publisher_id_users_id_fk'],
      ['website', 'conversions_website_id_websites_id_fk'],
    ] as const;
    for (const [column, constraint] of cases) {
      const err = await databaseErrorOf(
        insertConversions([
          conversionRow(s, `ok-${column}`),
          conversionRow(s, `ghost-${column}`, { [column]: GHOST }),
        ]),
      );
      expect(err, column).toMatchObject({ code: '23503', constraint, table: 'conversions' });
      expect(String(err!.detail)).toContain(GHOST);
    }
    const stored = await query(sql`select order_id from conversions where click_id = ${s.clickId}`);
    expect(stored).toHaveLength(1); // the one uncommissionedConversion inserted
  });

  it('a commission whose campaign, advertiser, publisher, website, conversion or click does not exist is refused', async () => {
    const s = await sale();
    const cases = [
      ['campaign', 'commissions_campaign_id_campaigns_id_fk'],
      ['advertiser', 'commissions_advertiser_id_users_id_fk'],
      ['publisher', 'commissions_publisher_id_users_id_fk'],
      ['website', 'commissions_website_id_websites_id_fk'],
      ['conversion', 'commissions_conversion_id_conversions_id_fk'],
      ['click', 'commissions_click_id_clicks_id_fk'],
    ] as const;
    for (const [column, constraint] of cases) {
      const err = await databaseErrorOf(
        insertCommissions([commissionRow(s), commissionRow(s, { [column]: GHOST })]),
      );
      expect(err, column).toMatchObject({ code: '23503', constraint, table: 'commissions' });
    }
    const [stored] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from commissions where campaign_id = ${s.link.campaign.id}`,
    );
    expect(stored!.n).toBe(1); // the sale's own
    // the optional parents may be left empty
    await insertCommissions([commissionRow(s, { website: null, conversion: null, click: null })]);
  });

  it('a notification for a user who does not exist is refused', async () => {
    const err = await databaseErrorOf(
      t.database.db.execute(
        sql`insert into notifications (user_id, category, title) values (${pub.id}, 'system', 'ok'), (${GHOST}, 'system', 'ghost')`,
      ),
    );
    expect(err).toMatchObject({ code: '23503', constraint: 'notifications_user_id_users_id_fk' });
    expect(await query(sql`select id from notifications where title in ('ok', 'ghost')`)).toEqual([]);
  });

  it('an update that points a row at a parent that does not exist is refused; one to null or to another parent is not', async () => {
    const s = await sale();
    const err = await databaseErrorOf(
      t.database.db.execute(sql`update commissions set campaign_id = ${GHOST} where id = ${s.commissionId}`),
    );
    expect(err).toMatchObject({ code: '23503', constraint: 'commissions_campaign_id_campaigns_id_fk' });
    const other = await sale();
    await t.database.db.execute(
      sql`update commissions set website_id = ${other.websiteId}, click_id = null where id = ${s.commissionId}`,
    );
    const convErr = await databaseErrorOf(
      t.database.db.execute(sql`update conversions set website_id = ${GHOST} where id = ${s.conversionId}`),
    );
    expect(convErr).toMatchObject({ code: '23503', constraint: 'conversions_website_id_websites_id_fk' });
    const notice = await databaseErrorOf(
      t.database.db.execute(sql`update notifications set user_id = ${GHOST} where user_id = ${pub.id}`),
    );
    expect(notice).toMatchObject({ code: '23503', constraint: 'notifications_user_id_users_id_fk' });
  });
});

describe('deleting a parent applies the rule its key had', () => {
  it('restrict: a campaign, an advertiser or a conversion with commissions is not deleted', async () => {
    const s = await sale();
    const cases: [SQL, string][] = [
      [
        sql`delete from campaigns where id = ${s.link.campaign.id}`,
        'commissions_campaign_id_campaigns_id_fk',
      ],
      [
        sql`delete from conversions where id = ${s.conversionId}`,
        'commissions_conversion_id_conversions_id_fk',
      ],
      [sql`delete from users where id = ${adv.id}`, 'commissions_advertiser_id_users_id_fk'],
    ];
    for (const [statement, constraint] of cases) {
      const err = await databaseErrorOf(t.database.db.execute(statement));
      expect(err).toMatchObject({ code: '23503' });
      // the campaign's and the advertiser's delete may be refused by another key first (their campaigns'
      // conversions cascade into the conversion's restrict); each names a key of a commission
      expect(String(err!.constraint)).toMatch(/^commissions_/);
      if (constraint === 'commissions_conversion_id_conversions_id_fk')
        expect(err!.constraint).toBe(constraint);
    }
    const left = await query(sql`select id from conversions where id = ${s.conversionId}`);
    expect(left).toHaveLength(1);
    expect(await query(sql`select id from campaigns where id = ${s.link.campaign.id}`)).toHaveLength(1);
  });

  it('cascade and set null: deleting a click deletes its conversions and clears it on commissions', async () => {
    const s = await uncommissionedConversion();
    const keep = await sale();
    // a click commission (CPC) of the same click, with no conversion
    await insertCommissions([
      commissionRow({ ...keep, websiteId: s.websiteId }, { campaign: s.campaignId, click: s.clickId }),
    ]);
    await t.database.db.execute(sql`delete from clicks where id = ${s.clickId}`);
    expect(await query(sql`select id from conversions where id = ${s.conversionId}`)).toEqual([]);
    const commissions = await query(
      sql`select click_id from commissions where campaign_id = ${s.campaignId} and kind = 'conversion'`,
    );
    expect(commissions).toEqual([{ click_id: null }]);
    // the other sale is untouched
    expect(await query(sql`select id from conversions where id = ${keep.conversionId}`)).toHaveLength(1);
  });

  it('cascade and set null: deleting a website deletes its conversions and clears it on commissions', async () => {
    const s = await uncommissionedConversion();
    const keep = await sale();
    await insertCommissions([commissionRow({ ...keep, websiteId: s.websiteId }, { campaign: s.campaignId })]);
    // the website's application and link go by their own keys (cascade); its click by 0016's trigger
    await t.database.db.execute(sql`delete from websites where id = ${s.websiteId}`);
    expect(await query(sql`select id from conversions where id = ${s.conversionId}`)).toEqual([]);
    const cleared = await query(sql`select website_id from commissions where campaign_id = ${s.campaignId}`);
    expect(cleared).toEqual([{ website_id: null }]);
    expect(await query(sql`select id from conversions where id = ${keep.conversionId}`)).toHaveLength(1);
  });

  it('cascade: deleting a user deletes their notifications and conversions', async () => {
    const other = await party(t, 'publisher');
    const s = await uncommissionedConversion();
    await t.database.db.execute(
      sql`update conversions set publisher_id = ${other.id} where id = ${s.conversionId}`,
    );
    await t.database.db.execute(
      sql`insert into notifications (user_id, category, title) values (${other.id}, 'system', 'bye')`,
    );
    await t.database.db.execute(sql`delete from users where id = ${other.id}`);
    expect(await query(sql`select id from conversions where id = ${s.conversionId}`)).toEqual([]);
    expect(await query(sql`select id from notifications where title = 'bye'`)).toEqual([]);
    expect(await query(sql`select id from users where id = ${pub.id}`)).toHaveLength(1);
  });

  it('a parent keeps its id while rows refer to it', async () => {
    const s = await sale();
    const cases: [SQL, string][] = [
      [
        sql`update conversions set id = ${GHOST} where id = ${s.conversionId}`,
        'commissions_conversion_id_conversions_id_fk',
      ],
      // the click is referred to by the conversion and, where stored, the commission
      [sql`update clicks set id = 'moved' where id = ${s.clickId}`, '_click_id_clicks_id_fk'],
      [
        sql`update websites set id = ${GHOST} where id = ${s.websiteId}`,
        'commissions_website_id_websites_id_fk',
      ],
      [sql`update users set id = ${GHOST} where id = ${pub.id}`, 'commissions_publisher_id_users_id_fk'],
    ];
    for (const [statement, constraint] of cases) {
      const err = await databaseErrorOf(t.database.db.execute(statement));
      expect(err, constraint).toMatchObject({ code: '23503' });
      expect(String(err!.constraint)).toMatch(new RegExp(`${constraint}$`));
    }
  });
});
