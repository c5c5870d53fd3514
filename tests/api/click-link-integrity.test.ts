import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, trackingLinks } from '../../server/db/schema/tracking';
import { databaseErrorOf, queryRows } from './support/raw-sql';
import type { TestApp } from './support/test-app';
import { approvedLink, appWithParties, clickOn, type Party } from './support/tracking-fixtures';

// clicks.link_id has no FOREIGN KEY constraint (its per-row check was a fifth to a third of a click's
// write cost); statement-level triggers (migration 0016) keep the key's rules, checked here.

let t: TestApp;
let adv: Party;
let pub: Party;

beforeAll(async () => {
  ({ t, adv, pub } = await appWithParties());
});
afterAll(() => t.close());

async function linkOf(code: string) {
  const [link] = await t.database.db.select().from(trackingLinks).where(eq(trackingLinks.code, code));
  return link!;
}

/** A click row for `link`, as the click buffer writes it (COPY's columns). */
function clickRow(
  link: { id: string; campaignId: string; publisherId: string; websiteId: string },
  id: string,
) {
  return sql`insert into clicks (id, link_id, campaign_id, publisher_id, website_id, ip_hash, is_unique, is_bot, created_at)
    values (${id}, ${link.id}, ${link.campaignId}, ${link.publisherId}, ${link.websiteId}, 'h', true, false, now())`;
}

describe('clicks and their tracking link', () => {
  it('refuses a click whose link does not exist, with the foreign key error, and stores none of its statement', async () => {
    const { code } = await approvedLink(t, adv, pub);
    const link = await linkOf(code);
    const ghost = { ...link, id: '00000000-0000-4000-8000-000000000000' };
    const err = await databaseErrorOf(
      t.database.db
        .execute(sql`insert into clicks (id, link_id, campaign_id, publisher_id, website_id, ip_hash, is_unique, is_bot, created_at)
        values ('ok-click', ${link.id}, ${link.campaignId}, ${link.publisherId}, ${link.websiteId}, 'h', true, false, now()),
               ('ghost-click', ${ghost.id}, ${link.campaignId}, ${link.publisherId}, ${link.websiteId}, 'h', true, false, now())`),
    );
    expect(err).toMatchObject({ code: '23503', constraint: 'clicks_link_id_tracking_links_id_fk' });
    const stored = await queryRows(t, sql`select id from clicks where id in ('ok-click', 'ghost-click')`);
    expect(stored).toEqual([]);
  });

  it('COPY batches are checked the same way (PGlite)', async () => {
    if (!t.database.copyFrom) return; // PostgreSQL writes clicks with INSERT (above)
    const { code } = await approvedLink(t, adv, pub);
    const link = await linkOf(code);
    const line = (id: string, linkId: string) =>
      `${id}\t${linkId}\t${link.campaignId}\t${link.publisherId}\t${link.websiteId}\th\tua\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\tt\tf\tf\t2026-01-01T00:00:00.000Z\n`;
    const copy = `copy clicks (id, link_id, campaign_id, publisher_id, website_id, ip_hash, user_agent, referrer, sub1, sub2, sub3, sub4, sub5, country, is_unique, is_bot, is_test, created_at) from '/dev/blob'`;
    const err = await databaseErrorOf(
      t.database.copyFrom(
        copy,
        line('copy-ok', link.id) + line('copy-ghost', '00000000-0000-4000-8000-000000000001'),
      ),
    );
    expect(err).toMatchObject({ code: '23503' });
    await t.database.copyFrom(copy, line('copy-ok', link.id));
    const stored = await queryRows(t, sql`select id from clicks where id like 'copy-%'`);
    expect(stored).toEqual([{ id: 'copy-ok' }]);
  });

  it('deleting a link deletes its clicks, not other links’ clicks', async () => {
    const a = await approvedLink(t, adv, pub);
    const b = await approvedLink(t, adv, pub);
    const clickA = (await clickOn(t, a.code)).clickId!;
    const clickB = (await clickOn(t, b.code)).clickId!;
    const linkA = await linkOf(a.code);
    const linkB = await linkOf(b.code);
    await t.database.db.execute(clickRow(linkA, 'direct-a'));
    // the redirects' clicks wait in the click buffer until its window passes
    for (let i = 0; i < 100; i++) {
      const [stored] = await queryRows<{ n: number }>(
        t,
        sql`select count(*)::int as n from clicks where id in (${clickA}, ${clickB})`,
      );
      if (stored!.n === 2) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await t.database.db.delete(trackingLinks).where(eq(trackingLinks.id, linkA.id));
    const left = await t.database.db
      .select({ id: clicks.id })
      .from(clicks)
      .where(sql`${clicks.id} in (${clickA}, ${clickB}, 'direct-a')`);
    expect(left).toEqual([{ id: clickB }]);
    expect(linkB.id).not.toBe(linkA.id);
  });

  it('a link that has clicks keeps its id', async () => {
    const { code } = await approvedLink(t, adv, pub);
    const link = await linkOf(code);
    await t.database.db.execute(clickRow(link, 'keeps-id'));
    const err = await databaseErrorOf(
      t.database.db.execute(
        sql`update tracking_links set id = '00000000-0000-4000-8000-000000000002' where id = ${link.id}`,
      ),
    );
    expect(err).toMatchObject({ code: '23503' });
  });
});
