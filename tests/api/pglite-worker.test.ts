import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../server/platform/db-errors';
import { PGliteWorkerClient } from '../../server/db/pglite-worker-client';
import { MAX_NAMED_STATEMENTS } from '../../server/db/pglite-statements';
import { together } from '../../server/db/together';
import { executeRows, type Db } from '../../server/db/connection';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';

// The PGlite client itself; the whole API suite runs through it too (tests/api/support/test-app.ts).
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite in a worker thread', () => {
  let db: PGliteWorkerClient;
  beforeAll(async () => {
    db = await PGliteWorkerClient.create(undefined);
    await db.exec(`create table items (id int primary key, name text not null, at timestamptz)`);
  });
  afterAll(() => db.close());

  it('answers queries in object and array row modes, leaving the types Drizzle parses as text', async () => {
    await db.query(`insert into items values (1, 'one', '2026-01-02T03:04:05Z')`);
    const objects = await db.query<{ id: number; name: string; at: Date }>(
      'select id, name, at from items where id = $1',
      [1],
    );
    expect(objects.rows).toEqual([{ id: 1, name: 'one', at: new Date('2026-01-02T03:04:05Z') }]);
    // 1184 is timestamptz: with a parser given for it, the value stays PostgreSQL's text
    const arrays = await db.query('select id, at from items', [], {
      rowMode: 'array',
      parsers: { 1184: (v: string) => v },
    });
    expect(arrays.rows).toEqual([[1, '2026-01-02 03:04:05+00']]);
  });

  it("keeps PostgreSQL's error fields, so a unique violation is recognised", async () => {
    const err = await db.query(`insert into items values (1, 'again', null)`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    expect(isUniqueViolation(err)).toBe(true);
    expect((await db.query('select count(*)::int as n from items')).rows).toEqual([{ n: 1 }]);
  });

  it('runs a statement by name from its second run, with the same answers, and keeps a bounded number', async () => {
    const named = () =>
      db.query<{ n: number }>(
        `select count(*)::int as n from pg_prepared_statements where name like 'affilio_%' and statement = $1`,
        ['select name from items where id = $1'],
      );
    const byId = () => db.query<{ name: string }>('select name from items where id = $1', [1]);
    expect((await byId()).rows).toEqual([{ name: 'one' }]);
    expect((await named()).rows).toEqual([{ n: 0 }]);
    expect((await byId()).rows).toEqual([{ name: 'one' }]);
    expect((await byId()).rows).toEqual([{ name: 'one' }]);
    expect((await named()).rows).toEqual([{ n: 1 }]);
    // 300 other texts, each run twice: the session keeps at most MAX_NAMED_STATEMENTS (the oldest are closed)
    for (let i = 0; i < 300; i++) {
      for (let run = 0; run < 2; run++) await db.query(`select ${i} as k from items where id = $1`, [1]);
    }
    const kept = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where name like 'affilio_%'`,
    );
    // (the count's own statement may be one more, closed with the next query)
    expect(kept.rows[0]!.n).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS + 1);
    expect(db.preparedStatements).toBe(MAX_NAMED_STATEMENTS);
  });

  it('keeps no statement whose parse failed, and keeps one whose run failed', async () => {
    for (let run = 0; run < 3; run++) {
      // the same error each time, never "prepared statement does not exist"
      await expect(db.query('select nope from items where id = $1', [1])).rejects.toMatchObject({
        code: '42703',
      });
    }
    const insert = (id: number) => db.query('insert into items values ($1, $2, null)', [id, `item ${id}`]);
    await insert(50);
    await expect(insert(50)).rejects.toMatchObject({ code: '23505' });
    await expect(insert(50)).rejects.toMatchObject({ code: '23505' });
    await insert(51);
    expect((await db.query('select count(*)::int as n from items where id >= 50')).rows).toEqual([{ n: 2 }]);
    await db.query('delete from items where id >= 50');
  });

  it('runs a named statement again, parsed anew, after its table changed under it', async () => {
    await db.exec('create table shapes (id int)');
    await db.query('insert into shapes values (1)');
    const all = () => db.query('select * from shapes');
    await all();
    await all();
    await db.exec('alter table shapes add column label text');
    expect((await all()).rows).toEqual([{ id: 1, label: null }]);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query(`insert into items values (2, 'two', null)`);
      return 'done';
    });
    expect(value).toBe('done');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into items values (3, 'three', null)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = await db.query<{ id: number }>('select id from items order by id');
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('makes a query from outside wait for an open transaction, as PGlite itself does', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.query(`insert into items values (4, 'four', null)`);
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query<{ n: number }>('select count(*)::int as n from items where id = 4');
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    await tx;
    expect((await outside).rows).toEqual([{ n: 1 }]);
  });

  it('sends parameters as node-postgres does, so a statement means the same on PGlite and PostgreSQL', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const { rows } = await db.query<Record<string, unknown>>(
      `select $1::int = any($2::int[]) as listed, $3::jsonb ->> 'kind' as kind, $4::timestamptz as at,
         $5::boolean as flag, $6::bigint + 1 as big, encode($7::bytea, 'hex') as hex, $8::text as nothing,
         array_length($9::text[], 1) as quoted`,
      [
        2,
        [1, 2, 3],
        { kind: 'sale' },
        at,
        false,
        9007199254740990n,
        Buffer.from([0xde, 0xad]),
        null,
        ['a "b"', 'c,d'],
      ],
    );
    expect(rows).toEqual([
      {
        listed: true,
        kind: 'sale',
        at,
        flag: false,
        big: 9007199254740991,
        hex: 'dead',
        nothing: null,
        quoted: 2,
      },
    ]);
  });

  it('parses array columns into arrays of their element type', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select array[1, 2]::int[] as ints, array['x', null]::text[] as texts, '{}'::uuid[] as none`,
    );
    expect(rows).toEqual([{ ints: [1, 2], texts: ['x', null], none: [] }]);
  });

  it('rolls back a transaction whose first statement fails, and frees the database', async () => {
    const count = async () => (await db.query('select count(*)::int as n from items')).rows;
    const before = await count();
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into items values (1, 'duplicate of 1', null)`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toEqual(before);
  });

  it('refuses to commit a transaction after one of its statements failed, and keeps none of it', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into items values (5, 'five', null)`);
        // the caller goes on after the error, as if it had not happened
        await tx.query(`insert into items values (1, 'duplicate', null)`).catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect((await db.query('select count(*)::int as n from items where id = 5')).rows).toEqual([{ n: 0 }]);
  });

  it("answers a transaction's first statement with its own results only", async () => {
    const results = await db.transaction((tx) => tx.exec('select 1 as a; select 2 as b'));
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
    const first = await db.transaction((tx) => tx.query<{ n: number }>('select $1::int + 1 as n', [6]));
    expect(first.rows).toEqual([{ n: 7 }]);
  });

  it('closes while a transaction is left open (the server stopping mid-request)', async () => {
    const other = await PGliteWorkerClient.create(undefined);
    let started!: () => void;
    const began = new Promise<void>((resolve) => (started = resolve));
    void other
      .transaction(async (tx) => {
        await tx.query('select 1');
        started();
        await new Promise(() => undefined);
      })
      .catch(() => undefined);
    await began;
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow('the database is closed');
  });

  it('refuses queries on a transaction that has ended', async () => {
    let leaked!: { query: (sql: string) => Promise<unknown> };
    await db.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked.query('select 1')).rejects.toThrow('the transaction has already ended');
  });

  it.skipIf(process.platform !== 'linux')(
    'runs the database thread at a lower priority than the HTTP thread',
    () => {
      const niceOf = (task: string) => {
        const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      };
      const values = readdirSync('/proc/self/task').map(niceOf);
      expect(values).toContain(10);
      expect(niceOf(String(process.pid))).toBe(0);
    },
  );

  it('sends the statements that pieces of one transaction have ready together in one message, each with its own answer', async () => {
    const orm = drizzle({ client: db as unknown as PGlite }) as unknown as Db;
    await db.exec('create table gathered (id int primary key, note text)');
    let trips = 0;
    const stored = await orm.transaction(async (tx) => {
      await tx.execute(sql`insert into gathered values (1, 'first')`);
      const before = db.messagesSent;
      // two pieces of two statements each, and one of one: the first statements of all three go in one
      // message, the second ones of the two in another
      const [a, b, c] = await together(
        tx,
        async () => {
          await tx.execute(sql`insert into gathered values (2, 'two')`);
          return (await executeRows<{ n: number }>(tx, sql`select count(*)::int as n from gathered`))[0]!.n;
        },
        async () => {
          const [first] = await executeRows<{ note: string }>(tx, sql`select note from gathered where id = 1`);
          await tx.execute(sql`update gathered set note = 'seen' where id = 1`);
          return first!.note;
        },
        async () => (await executeRows<{ x: number }>(tx, sql`select 7 as x`))[0]!.x,
      );
      trips = db.messagesSent - before;
      return { a, b, c };
    });
    expect(stored).toEqual({ a: 2, b: 'first', c: 7 });
    expect(trips).toBe(2);
    expect((await db.query('select id, note from gathered order by id')).rows).toEqual([
      { id: 1, note: 'seen' },
      { id: 2, note: 'two' },
    ]);
  });

  it('fails a gathered group with the failing statement’s own error, and the transaction stores nothing', async () => {
    const orm = drizzle({ client: db as unknown as PGlite }) as unknown as Db;
    await db.exec('create table gathered_fail (id int primary key)');
    await db.query('insert into gathered_fail values (1)');
    const err = await orm
      .transaction(async (tx) => {
        await together(
          tx,
          () => tx.execute(sql`insert into gathered_fail values (2)`),
          () => tx.execute(sql`insert into gathered_fail values (1)`),
          () => tx.execute(sql`insert into gathered_fail values (3)`),
        );
      })
      .catch((e: unknown) => e);
    // Drizzle wraps the database's error; the cause is the duplicate key's, not a later statement's
    expect((err as { cause?: unknown }).cause).toMatchObject({ code: '23505' });
    expect((await db.query('select id from gathered_fail order by id')).rows).toEqual([{ id: 1 }]);
    // the session is usable after the failed group
    expect((await db.query<{ x: number }>('select 1 as x')).rows).toEqual([{ x: 1 }]);
  });

  it('keeps the main thread free while a long query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    await db.query('select count(*) from generate_series(1, 1000000)');
    clearInterval(timer);
    const elapsed = Date.now() - started;
    // a query on the main thread would let no timer fire until it finished
    expect(elapsed).toBeGreaterThan(60);
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  });
});
