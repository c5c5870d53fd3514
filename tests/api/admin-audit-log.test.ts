import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema/platform';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;
let other: Awaited<ReturnType<typeof createUser>>;

/** Entries with known times, actors and payloads; the app writes its own on top (createUser, approvals). */
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  adminToken = await login(t, admin.email, admin.password);
  other = await createUser(t, { role: 'admin' });
  await t.database.db.insert(auditLog).values([
    {
      actorId: admin.id,
      action: 'commission.approved',
      entityType: 'commission',
      entityId: 'c-1',
      before: { status: 'pending' },
      after: { status: 'approved' },
      createdAt: new Date('2024-05-01T10:00:00Z'),
    },
    {
      actorId: other.id,
      action: 'payout.paid',
      entityType: 'payout',
      entityId: 'p-1',
      before: { status: 'processing' },
      after: { status: 'paid', reference: 'Ref "A", line\nnext' },
      createdAt: new Date('2024-05-31T23:59:59Z'),
    },
    {
      actorId: null,
      action: 'application.approved',
      entityType: 'application',
      entityId: '=HYPERLINK("x")',
      before: null,
      after: { status: 'approved' },
      createdAt: new Date('2024-06-01T00:00:00Z'),
    },
  ]);
});
afterAll(() => t.close());

const get = (query = '') => call(t, 'GET', `/api/admin/audit-log${query}`, { token: adminToken });
const ids = async (query: string) => {
  const res = await get(query);
  expect(res.statusCode, query).toBe(200);
  return res.json().map((e: { entity_id: string }) => e.entity_id);
};

describe('GET /api/admin/audit-log', () => {
  it('lists who did what with before/after, newest first, with the total in X-Total-Count', async () => {
    const res = await get('?entity_type=payout');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        actor_id: other.id,
        actor_email: other.email,
        actor_name: expect.any(String),
        action: 'payout.paid',
        action_text: 'paid',
        // p-1 names no payout that exists: the entry keeps its bare id
        summary: expect.stringMatching(/ paid payout p-1$/),
        entity_label: null,
        entity_url: null,
        context_label: null,
        context_url: null,
        entity_type: 'payout',
        entity_id: 'p-1',
        before: { status: 'processing' },
        after: { status: 'paid', reference: 'Ref "A", line\nnext' },
        created_at: '2024-05-31T23:59:59.000Z',
      },
    ]);
    expect(await ids('?from=2024-01-01&to=2024-12-31')).toEqual(['=HYPERLINK("x")', 'p-1', 'c-1']);
  });

  it('records the admin’s own actions as they happen', async () => {
    const created = await call(t, 'POST', '/api/admin/users', {
      token: adminToken,
      payload: { email: 'logged@example.com', name: 'Logged', role: 'advertiser', password: 'long-enough-1' },
    });
    const res = await get(`?entity_id=${created.json().id}`);
    expect(res.json()).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        actor_email: admin.email,
        action: 'user.created',
        entity_type: 'user',
        before: null,
        after: expect.objectContaining({ email: 'logged@example.com', role: 'advertiser' }),
      }),
    ]);
  });

  it('filters by actor, action, entity and time (a bare `to` date includes that whole day)', async () => {
    expect(await ids(`?actor_id=${other.id}`)).toEqual(['p-1']);
    expect(await ids('?action=commission.approved')).toEqual(['c-1']);
    expect(await ids('?entity_type=commission&entity_id=c-1')).toEqual(['c-1']);
    expect(await ids('?from=2024-05-01&to=2024-05-31')).toEqual(['p-1', 'c-1']);
    expect(await ids('?from=2024-05-01T10:00:01Z&to=2024-06-01T00:00:00Z')).toEqual([
      '=HYPERLINK("x")',
      'p-1',
    ]);
    expect(await ids('?to=2024-05-31T23:59:58Z')).toEqual(['c-1']);
    expect(await ids('?actor_id=&action=')).toContain('c-1');
  });

  it('pages with limit and offset', async () => {
    const first = await get('?to=2024-12-31&limit=2');
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json()).toHaveLength(2);
    expect(await ids('?to=2024-12-31&limit=2&offset=2')).toEqual(['c-1']);
  });

  it('refuses bad parameters with 422', async () => {
    for (const query of [
      '?actor_id=me',
      '?from=yesterday',
      '?to=2024-13-01',
      '?format=xml',
      '?limit=0',
      '?limit=201',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail).toBeTruthy();
    }
  });

  it('exports every matching entry as a quoted CSV attachment', async () => {
    const res = await get('?format=csv&to=2024-12-31&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('id,created_at,actor_id,actor_email,action,entity_type,entity_id,before,after');
    // limit does not cut the export: all three entries, newest first, then the final line break
    expect(lines.filter((l) => /^[0-9a-f-]{36},/.test(l))).toHaveLength(3);
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(res.body).toContain(
      `,2024-05-31T23:59:59.000Z,${other.id},${other.email},payout.paid,payout,p-1,"{""status"":""processing""}","{""status"":""paid"",""reference"":""Ref \\""A\\"", line\\nnext""}"`,
    );
    // no actor, no before; a value a spreadsheet would run as a formula is defused
    expect(res.body).toContain(
      `,2024-06-01T00:00:00.000Z,,,application.approved,application,"'=HYPERLINK(""x"")",,"{""status"":""approved""}"`,
    );
    expect(res.body.indexOf('application.approved')).toBeLessThan(res.body.indexOf('commission.approved'));
  });

  it('lists the recorded action names for the filter', async () => {
    const res = await call(t, 'GET', '/api/admin/audit-log/actions', { token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining(['application.approved', 'commission.approved', 'payout.paid']),
    );
  });

  it.each(['/api/admin/audit-log', '/api/admin/audit-log?format=csv', '/api/admin/audit-log/actions'])(
    '%s: 401 without a token, 403 for advertisers and publishers',
    async (url) => {
      expect((await call(t, 'GET', url)).statusCode).toBe(401);
      for (const role of ['advertiser', 'publisher'] as const) {
        const u = await createUser(t, { role });
        const res = await call(t, 'GET', url, { token: await login(t, u.email, u.password) });
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain('payout.paid');
      }
    },
  );
});
