import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { commissions } from '../../server/db/schema/commissions';
import { ledgerEntries } from '../../server/db/schema/ledger';
import { users } from '../../server/db/schema/users';
import { approveDueCommissions } from '../../server/modules/commissions/service';
import { entryHash, verifyJsonLines, type LedgerEntry } from '../../server/modules/ledger/chain';
import { backfillLedger } from '../../server/modules/ledger/service';
import { EventBus } from '../../server/platform/events';
import { Notifier } from '../../server/platform/notifier';
import { DEMO_ADMIN, seedIfEmpty } from '../../server/seed/seed';
import { pdfText } from './support/pdf';
import { databaseErrorOf, queryRows } from './support/raw-sql';
import { call, createTestApp, login, type TestApp } from './support/test-app';
import {
  approvedLink,
  clickOn,
  party,
  postback,
  type LinkFixture,
  type Party,
} from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let admin: Party;

beforeAll(async () => {
  t = await createTestApp();
  [adv, admin] = await Promise.all([party(t, 'advertiser'), party(t, 'admin')]);
});
afterAll(() => t.close());

const get = (token: string, url: string) => call(t, 'GET', url, { token });
const post = (token: string, url: string, payload?: unknown) => call(t, 'POST', url, { token, payload });
const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>, code = 200) => {
  const r = await res;
  if (r.statusCode !== code) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json() as Record<string, unknown> & { id: string };
};

async function publisher(): Promise<Party> {
  const p = await party(t, 'publisher');
  await ok(
    call(t, 'PUT', '/api/auth/profile', {
      token: p.token,
      payload: { payout_method: 'paypal', payout_details: 'me@paypal.example' },
    }),
  );
  return p;
}

const links = new Map<string, LinkFixture>();
let orders = 0;
/** A pending commission of 60.00 USD for `pub` (a sale through the postback: the conversion batch). */
async function sale(pub: Party): Promise<string> {
  let link = links.get(pub.id);
  if (!link) {
    link = await approvedLink(t, adv, pub, { payout_minor: 6000, name: 'Ledger shop' });
    links.set(pub.id, link);
  }
  orders += 1;
  const { clickId } = await clickOn(t, link.code, {
    ip: `198.19.${Math.floor(orders / 250)}.${orders % 250}`,
  });
  const res = await postback(t, {
    click_id: clickId,
    order_id: `ledger-${orders}`,
    amount: '100.00',
    currency: 'USD',
    secret: link.campaign.tracking_secret,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().commission_id as string;
}

const entriesOf = async (token: string, query = '') =>
  ((await get(token, `/api/ledger?limit=100${query}`)).json() as LedgerEntry[]).reverse();
const exportOf = async (token: string, query = '') => {
  const res = await get(token, `/api/ledger/export${query ? `?${query}` : ''}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/jsonl/);
  return res.body;
};
const approvedBalance = async (pub: Party) =>
  (
    (await get(pub.token, '/api/commissions/balance')).json() as {
      currency: string;
      approved_minor: number;
    }[]
  ).find((b) => b.currency === 'USD')?.approved_minor ?? 0;

function holdJobContext(): AppContext {
  return {
    db: t.database.db,
    notifier: new Notifier(t.database.db, t.app.log as FastifyBaseLogger),
    events: new EventBus(),
  } as unknown as AppContext;
}

describe('entries', () => {
  it('appends one entry per change to a publisher’s money, each kind, with the balance the API reports', async () => {
    const pub = await publisher();
    const kept = await sale(pub);
    await ok(post(adv.token, `/api/commissions/${kept}/approve`));
    const refused = await sale(pub);
    await ok(post(adv.token, `/api/commissions/${refused}/reject`, { reason: 'Cancelled order' }));
    const refunded = await sale(pub);
    await ok(post(adv.token, `/api/commissions/${refunded}/approve`));
    await ok(post(adv.token, `/api/commissions/${refunded}/reverse`, { reason: 'Refund' }));
    // bulk approval of two
    const [b1, b2] = [await sale(pub), await sale(pub)];
    await ok(post(adv.token, '/api/commissions/bulk/approve', { ids: [b1, b2] }));
    expect(await approvedBalance(pub)).toBe(18000);

    const payout = await ok(post(pub.token, '/api/payouts', { currency: 'USD' }), 201);
    await ok(post(admin.token, `/api/payouts/${payout.id}/approve`));
    await ok(post(admin.token, `/api/payouts/${payout.id}/paid`, { reference: 'TX-LEDGER-1' }));
    // a paid commission refunded: a clawback against the next payout
    const clawback = await ok(post(adv.token, `/api/commissions/${kept}/reverse`, { reason: 'Chargeback' }));
    // the hold-period job approves an old pending one
    const old = await sale(pub);
    await t.database.db
      .update(commissions)
      .set({ createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) })
      .where(eq(commissions.id, old));
    await approveDueCommissions(holdJobContext());
    const more = await sale(pub);
    await ok(post(adv.token, `/api/commissions/${more}/approve`));
    expect(await approvedBalance(pub)).toBe(6000);
    const failing = await ok(post(pub.token, '/api/payouts', { currency: 'USD' }), 201);
    expect(await approvedBalance(pub)).toBe(0);
    await ok(post(admin.token, `/api/payouts/${failing.id}/failed`, { reason: 'Account closed' }));
    expect(await approvedBalance(pub)).toBe(6000);

    const entries = await entriesOf(pub.token);
    expect(entries.map((e) => [e.kind, e.ref_id, e.amount_minor, e.balance_minor])).toEqual([
      ['commission.created', kept, 6000, 0],
      ['commission.approved', kept, 6000, 6000],
      ['commission.created', refused, 6000, 6000],
      ['commission.rejected', refused, 6000, 6000],
      ['commission.created', refunded, 6000, 6000],
      ['commission.approved', refunded, 6000, 12000],
      ['commission.reversed', refunded, 6000, 6000],
      ['commission.created', b1, 6000, 6000],
      ['commission.created', b2, 6000, 6000],
      // one bulk decision, one append: in the order the UPDATE answered
      ...[
        ['commission.approved', expect.any(String), 6000, 12000],
        ['commission.approved', expect.any(String), 6000, 18000],
      ],
      ['payout.requested', payout.id, 18000, 0],
      ['payout.paid', payout.id, 18000, 0],
      ['commission.clawback', clawback.id, -6000, -6000],
      ['commission.created', old, 6000, -6000],
      ['commission.approved', old, 6000, 0],
      ['commission.created', more, 6000, 0],
      ['commission.approved', more, 6000, 6000],
      ['payout.requested', failing.id, 6000, 0],
      ['payout.failed', failing.id, 6000, 6000],
    ]);
    expect(new Set([entries[9]!.ref_id, entries[10]!.ref_id])).toEqual(new Set([b1, b2]));
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
    expect(entries.every((e) => e.currency === 'USD' && !Number.isNaN(Date.parse(e.at)))).toBe(true);

    // the chain verifies, and its head is the one the API gives
    const head = (await get(pub.token, '/api/ledger/head')).json();
    expect(head).toEqual({ seq: entries.length, hash: entries[entries.length - 1]!.hash });
    expect(verifyJsonLines(await exportOf(pub.token), { head: head.hash })).toEqual({
      ok: true,
      count: entries.length,
      head,
    });
    // the payout's statement prints the head right after the payout was paid
    const paidEntry = entries.find((e) => e.kind === 'payout.paid')!;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/payouts/${payout.id}/statement.pdf`,
      headers: { authorization: `Bearer ${pub.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const printed = pdfText(pdf.rawPayload).replace(/\s+/g, '');
    expect(printed).toContain(`entry${paidEntry.seq},SHA-256${paidEntry.hash}`);

    const listed = await get(pub.token, '/api/ledger?limit=2&offset=1');
    expect(listed.headers['x-total-count']).toBe(String(entries.length));
    expect(listed.json().map((e: LedgerEntry) => e.seq)).toEqual([entries.length - 1, entries.length - 2]);
  });

  it('leaves test commissions out and starts an empty ledger at the genesis hash', async () => {
    const pub = await publisher();
    expect((await get(pub.token, '/api/ledger/head')).json()).toEqual({ seq: 0, hash: '0'.repeat(64) });
    expect(await exportOf(pub.token)).toBe('');
    const id = await sale(pub);
    await t.database.db.update(commissions).set({ isTest: true }).where(eq(commissions.id, id));
    await ok(post(adv.token, `/api/commissions/${id}/approve`));
    expect((await entriesOf(pub.token)).map((e) => e.kind)).toEqual(['commission.created']);
  });

  it('never forks a chain when decisions for one publisher run at once', async () => {
    const pub = await publisher();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await sale(pub));
    await Promise.all(ids.map((id) => ok(post(adv.token, `/api/commissions/${id}/approve`))));
    const result = verifyJsonLines(await exportOf(pub.token));
    expect(result).toMatchObject({ ok: true, count: 12 });
    expect((await entriesOf(pub.token)).at(-1)!.balance_minor).toBe(36000);
  });
});

describe('append only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of ledger entries (the trigger), whoever asks', async () => {
    const pub = await publisher();
    await sale(pub);
    const where = eq(ledgerEntries.publisherId, pub.id);
    const db = t.database.db;
    const refused = [
      await databaseErrorOf(db.update(ledgerEntries).set({ amountMinor: 1 }).where(where)),
      await databaseErrorOf(db.delete(ledgerEntries).where(where)),
      await databaseErrorOf(db.execute(sql`truncate ledger_entries`)),
    ];
    for (const err of refused) {
      expect(err).toMatchObject({ code: '42501' });
      expect(String(err?.message)).toMatch(/ledger entries are never updated or deleted/);
    }
    const rows = await db.select().from(ledgerEntries).where(where);
    expect(rows.map((r) => r.amountMinor)).toEqual([6000]);
  });
});

/** As a superuser who gets round the trigger: the tampering the chain exists to show. */
async function tamper(statement: ReturnType<typeof sql>) {
  await t.database.db.execute(
    sql`alter table ledger_entries disable trigger ledger_entries_no_update_delete`,
  );
  try {
    await t.database.db.execute(statement);
  } finally {
    await t.database.db.execute(
      sql`alter table ledger_entries enable trigger ledger_entries_no_update_delete`,
    );
  }
}

const run = promisify(execFile);
async function verifyCli(text: string, head?: string): Promise<{ code: number; out: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'affilio-ledger-'));
  const file = path.join(dir, 'ledger.jsonl');
  await writeFile(file, text);
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/cli/ledger-verify.ts', file, ...(head ? ['--head', head] : [])],
      { cwd: process.cwd() },
    );
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, out: e.stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('tampering', () => {
  async function publisherWithHistory() {
    const pub = await publisher();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await sale(pub));
      await ok(post(adv.token, `/api/commissions/${ids[i]}/approve`));
    }
    // the head an older statement printed
    const statementHead = (await get(pub.token, '/api/ledger/head')).json() as { seq: number; hash: string };
    await ok(post(adv.token, `/api/commissions/${await sale(pub)}/reject`, { reason: 'Fraud' }));
    return { pub, ids, statementHead };
  }

  it('a changed amount is the first broken entry (the command says so and exits 1)', async () => {
    const { pub, statementHead } = await publisherWithHistory();
    await tamper(
      sql`update ledger_entries set amount_minor = 60000, balance_minor = balance_minor + 54000 where publisher_id = ${pub.id} and seq = 4`,
    );
    const text = await exportOf(pub.token);
    expect(verifyJsonLines(text)).toMatchObject({
      ok: false,
      line: 4,
      seq: 4,
      reason: expect.stringMatching(/^hash [0-9a-f]{64} does not match its content/),
    });
    const cli = await verifyCli(text, statementHead.hash);
    expect(cli.code).toBe(1);
    expect(cli.out).toMatch(/^BROKEN at line 4 \(seq 4\): hash /);
  });

  it('a deleted entry breaks the chain at the next one; deleting the newest leaves an older head unmatched', async () => {
    const { pub, statementHead } = await publisherWithHistory();
    const before = await exportOf(pub.token);
    expect(verifyJsonLines(before, { head: statementHead.hash }).ok).toBe(true);
    await tamper(sql`delete from ledger_entries where publisher_id = ${pub.id} and seq = 2`);
    expect(verifyJsonLines(await exportOf(pub.token))).toMatchObject({
      ok: false,
      line: 2,
      seq: 3,
      reason: 'seq 3 where 2 was due: 1 entry is missing before it',
    });

    const other = await publisherWithHistory();
    const newest = (await get(other.pub.token, '/api/ledger/head')).json() as { seq: number; hash: string };
    await tamper(
      sql`delete from ledger_entries where publisher_id = ${other.pub.id} and seq = ${newest.seq}`,
    );
    const text = await exportOf(other.pub.token);
    expect(verifyJsonLines(text, { head: statementHead.hash }).ok).toBe(false);
    expect(verifyJsonLines(text, { head: other.statementHead.hash }).ok).toBe(true);
    expect(verifyJsonLines(text, { head: newest.hash })).toMatchObject({
      ok: false,
      reason: `head ${newest.hash} is not in the chain: the history it stood for was rewritten`,
    });
    const cli = await verifyCli(text, newest.hash);
    expect(cli.code).toBe(1);
    expect((await verifyCli(text)).code).toBe(0);
  });

  it('a stored commission amount changed and its history rewritten with fresh hashes: the older statement’s head no longer matches', async () => {
    const { pub, ids, statementHead } = await publisherWithHistory();
    // the forger lowers the first commission and rewrites every entry from it on, hashes included
    await t.database.db.update(commissions).set({ amountMinor: 100 }).where(eq(commissions.id, ids[0]!));
    const entries = (await entriesOf(pub.token)).map((e) => ({ ...e }));
    let prev = '0'.repeat(64);
    let balance = 0;
    for (const e of entries) {
      if (e.ref_id === ids[0]) e.amount_minor = 100;
      const effect = { 'commission.approved': 1 }[e.kind as 'commission.approved'] ?? 0;
      balance += effect * Number(e.amount_minor);
      e.balance_minor = balance;
      e.prev_hash = prev;
      e.hash = entryHash(prev, e);
      prev = e.hash;
      await tamper(
        sql`update ledger_entries set amount_minor = ${e.amount_minor}, balance_minor = ${e.balance_minor}, prev_hash = ${e.prev_hash}, hash = ${e.hash} where publisher_id = ${pub.id} and seq = ${e.seq}`,
      );
    }
    const text = await exportOf(pub.token);
    // the rewritten chain holds together on its own …
    expect(verifyJsonLines(text).ok).toBe(true);
    // … but the head the earlier statement printed is not in it
    expect(verifyJsonLines(text, { head: statementHead.hash })).toMatchObject({ ok: false });
    const head = (await get(pub.token, '/api/ledger/head')).json();
    expect(head).toEqual({ seq: statementHead.seq + 2, hash: entries.at(-1)!.hash });
  });
});

describe('who may read a ledger', () => {
  it('publishers their own, admins any publisher’s, advertisers none; a foreign publisher_id is not found', async () => {
    const pub = await publisher();
    const other = await publisher();
    await sale(pub);
    for (const url of ['/api/ledger', '/api/ledger/head', '/api/ledger/export']) {
      expect((await get(pub.token, url)).statusCode).toBe(200);
      expect((await get(pub.token, `${url}?publisher_id=${pub.id}`)).statusCode).toBe(200);
      const foreign = await get(other.token, `${url}?publisher_id=${pub.id}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().detail).toBe('Ledger not found');
      expect((await get(adv.token, url)).statusCode).toBe(403);
      expect((await get(adv.token, `${url}?publisher_id=${pub.id}`)).statusCode).toBe(403);
      expect((await call(t, 'GET', url)).statusCode).toBe(401);
      expect((await get(admin.token, url)).statusCode).toBe(422);
      expect((await get(admin.token, `${url}?publisher_id=${adv.id}`)).statusCode).toBe(404);
      expect((await get(admin.token, `${url}?publisher_id=not-a-uuid`)).statusCode).toBe(422);
    }
    const mine = await get(pub.token, '/api/ledger');
    const asAdmin = await get(admin.token, `/api/ledger?publisher_id=${pub.id}`);
    expect(asAdmin.json()).toEqual(mine.json());
    expect(asAdmin.headers['x-total-count']).toBe('1');
    expect((await get(other.token, '/api/ledger')).json()).toEqual([]);
    for (const bad of ['limit=0', 'limit=101', 'limit=x', 'offset=-1']) {
      const res = await get(pub.token, `/api/ledger?${bad}`);
      expect(res.statusCode).toBe(422);
    }
  });
});

describe('the demo seed', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
    await seedIfEmpty(demo.database.db, testConfig({ seed: 'demo' }));
  });
  afterAll(() => demo.close());

  it('gives every publisher a chain that verifies and ends at the balances the API reports', async () => {
    const token = await login(demo, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const publishers = await demo.database.db.select().from(users).where(eq(users.role, 'publisher'));
    expect(publishers.length).toBeGreaterThanOrEqual(3);
    let withMoney = 0;
    for (const p of publishers) {
      const balances = (
        await call(demo, 'GET', `/api/commissions/balance?publisher_id=${p.id}`, { token })
      ).json() as { currency: string; approved_minor: number }[];
      const res = await call(demo, 'GET', `/api/ledger/export?publisher_id=${p.id}`, { token });
      const result = verifyJsonLines(res.body);
      expect(result.ok, JSON.stringify(result)).toBe(true);
      const last = new Map<string, string>();
      for (const line of res.body.split('\n').filter(Boolean)) {
        const e = JSON.parse(line) as LedgerEntry;
        last.set(e.currency, String(e.balance_minor));
      }
      const fromApi = new Map(
        balances.filter((b) => b.approved_minor !== 0).map((b) => [b.currency, String(b.approved_minor)]),
      );
      const fromLedger = new Map([...last].filter(([, v]) => v !== '0'));
      expect(fromLedger).toEqual(fromApi);
      if (fromApi.size > 0) withMoney++;
    }
    expect(withMoney).toBeGreaterThanOrEqual(3);
    // built once: a second backfill (the next start) finds every chain in place
    expect(await backfillLedger(demo.database.db)).toBe(0);
  });

  it('backfills an install from before the ledger to the same balances', async () => {
    const db = demo.database.db;
    const [paula] = await db.select().from(users).where(eq(users.email, 'paula@publisher.test'));
    const kinds = await queryRows<{ kind: string; n: number }>(
      demo,
      sql`select kind, count(*)::int as n from ledger_entries where publisher_id = ${paula!.id} group by kind`,
    );
    const byKind = new Map(kinds.map((k) => [k.kind, k.n]));
    for (const kind of ['commission.created', 'commission.approved', 'payout.requested', 'payout.paid'])
      expect(byKind.get(kind), kind).toBeGreaterThan(0);
    const approvedCount = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(commissions)
      .where(and(eq(commissions.publisherId, paula!.id), eq(commissions.isTest, false)));
    expect(byKind.get('commission.created')! + (byKind.get('commission.clawback') ?? 0)).toBe(
      approvedCount[0]!.n,
    );
  });
});
