import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

// Texts the server words for the signed-in user (issue #45): the audit log's sentences, the dashboard's
// to-do labels and the rates note of the dashboard and the reports, in the reader's profile language.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t.close());

async function member(role: 'admin' | 'advertiser', language: 'en' | 'da'): Promise<string> {
  const u = await createUser(t, { role });
  const token = await login(t, u.email, u.password);
  const set = await call(t, 'PUT', '/api/auth/profile', { token, payload: { language } });
  expect(set.statusCode, set.body).toBe(200);
  return token;
}

describe('server-worded texts in the reader’s language', { timeout: 120_000 }, () => {
  it('words the audit log in Danish for a Danish admin and in English for an English one', async () => {
    const [danish, english] = await Promise.all([member('admin', 'da'), member('admin', 'en')]);
    const created = await call(t, 'POST', '/api/admin/users', {
      token: english,
      payload: { email: 'ord@example.com', name: 'Bea Ord', role: 'publisher', password: 'long-enough-1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const entryFor = async (token: string) => {
      const res = await call(t, 'GET', `/api/admin/audit-log?entity_id=${id}`, { token });
      expect(res.statusCode).toBe(200);
      return res.json()[0];
    };

    const da = await entryFor(danish);
    expect(da).toMatchObject({
      action: 'user.created',
      action_text: 'oprettede',
      entity_label: 'udgiveren Bea Ord',
      entity_url: `/publishers?publisher=${id}`,
    });
    expect(da.summary).toMatch(/ oprettede udgiveren Bea Ord$/);

    const en = await entryFor(english);
    expect(en).toMatchObject({ action_text: 'created', entity_label: 'publisher Bea Ord' });
    expect(en.summary).toMatch(/ created publisher Bea Ord$/);
  });

  it('writes the dashboard’s to-do labels and rates note, and the report’s note, in Danish', async () => {
    const [danish, english] = await Promise.all([member('admin', 'da'), member('advertiser', 'en')]);
    const board = await call(t, 'GET', '/api/analytics/dashboard?currency=USD', { token: danish });
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().rates_note).toMatch(
      /^Omregnet til USD med de indbyggede kurser fra .+; vælg en kursudbyder under Indstillinger$/,
    );
    expect(board.json().todo.map((item: { label: string }) => item.label)).toEqual([
      'Konti, der venter på godkendelse',
      'Ansøgninger at behandle',
      'Udbetalinger, der skal behandles',
    ]);

    const report = await call(t, 'GET', '/api/reports?currency=USD', { token: danish });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().rates_note).toMatch(/^Omregnet til USD med de indbyggede kurser/);

    const theirs = await call(t, 'GET', '/api/analytics/dashboard?currency=USD', { token: english });
    expect(theirs.json().rates_note).toMatch(
      /^Converted to USD with the built-in rates of \d{4}-\d{2}-\d{2};/,
    );
    expect(theirs.json().todo.map((item: { label: string }) => item.label)).toEqual([
      'Applications to review',
      'Commissions to approve',
    ]);
  });

  it('follows a change of language at once, past the dashboard cache', async () => {
    const token = await member('advertiser', 'en');
    const first = await call(t, 'GET', '/api/analytics/dashboard?currency=USD', { token });
    expect(first.json().todo[0].label).toBe('Applications to review');
    await call(t, 'PUT', '/api/auth/profile', { token, payload: { language: 'da' } });
    const again = await call(t, 'GET', '/api/analytics/dashboard?currency=USD', { token });
    expect(again.json().todo[0].label).toBe('Ansøgninger at behandle');
  });
});
