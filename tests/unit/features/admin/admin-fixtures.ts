import type { AdminUser, AdminUserDetail } from '../../../../src/features/admin/types';
import type { FakeServer } from '../../support/fake-server';

let sequence = 0;

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  sequence += 1;
  return {
    id: `user-${sequence}`,
    email: `user${sequence}@example.com`,
    name: `User ${sequence}`,
    role: 'advertiser',
    status: 'active',
    country: 'DK',
    company_name: null,
    display_name: null,
    onboarding_completed: true,
    email_verified: true,
    preferred_currency: null,
    created_at: '2025-03-01T10:00:00.000Z',
    campaigns_count: 0,
    websites_count: 0,
    applications_count: 0,
    ...overrides,
  };
}

export function toDetail(user: AdminUser, overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...user,
    profile: {
      company_name: user.company_name,
      website: null,
      billing_address: null,
      vat_id: null,
      display_name: user.display_name,
      payout_method: null,
      payout_details: null,
      tax_id: null,
      country: user.country,
    },
    websites: [],
    campaigns: [],
    commission_totals: [],
    ...overrides,
  };
}

export { paramsOf, recordQueryParams, type SentRequest } from '../../support/record-query-params';

/**
 * A small stateful admin-users backend: lists filter by role/status, and the account actions change
 * the stored user, so refetches after a change show what the real server would.
 */
export function serveAdminUsers(server: FakeServer, users: AdminUser[]) {
  const store = new Map(users.map((u) => [u.id, { ...u }]));
  const details = new Map<string, Partial<AdminUserDetail>>();
  server.on('GET', '/admin/users', () => {
    const items = [...store.values()];
    return { status: 200, body: items, headers: { 'x-total-count': String(items.length) } };
  });
  const change = (id: string, patch: Partial<AdminUser>) => {
    const user = store.get(id);
    if (!user) return { status: 404, body: { detail: 'User not found' } };
    Object.assign(user, patch);
    return { status: 200, body: { ...user } };
  };
  for (const user of users) {
    server
      .on('GET', `/admin/users/${user.id}`, () => ({
        status: 200,
        body: toDetail(store.get(user.id)!, details.get(user.id)),
      }))
      .on('POST', `/admin/users/${user.id}/approve`, () => change(user.id, { status: 'active' }))
      .on('POST', `/admin/users/${user.id}/suspend`, () => change(user.id, { status: 'suspended' }))
      .on('POST', `/admin/users/${user.id}/activate`, () => change(user.id, { status: 'active' }))
      .on('POST', `/admin/users/${user.id}/role`, (request) =>
        change(user.id, { role: (request.body as { role: AdminUser['role'] }).role }),
      );
  }
  return {
    store,
    setDetail(id: string, detail: Partial<AdminUserDetail>) {
      details.set(id, detail);
    },
  };
}
