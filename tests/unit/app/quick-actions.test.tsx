import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  COMMON_QUICK_ACTIONS,
  getQuickActions,
  ROLE_QUICK_ACTIONS,
} from '../../../src/app/layout/quick-actions';
import type { Role } from '../../../src/features/auth/types';
import { installFakeServer, type FakeServer } from '../support/fake-server';
import { renderApp, signIn } from '../support/render-app';
import { makeUser } from '../support/users';

// The spec §2 table, written out independently of the implementation.
const SPEC: Record<Role, string[]> = {
  advertiser: ['/action=create', '/publishers', '/media', '/tracking', '/reports'],
  publisher: ['/websites', '/applications', '/commissions', '/reports'],
  admin: ['/admin-advertisers', '/admin-publishers', '/admin-applications', '/admin-payouts', '/settings'],
};
const COMMON = ['/campaigns', '/messaging'];

describe('quick actions table', () => {
  it('matches the spec for every role, common actions first', () => {
    expect(COMMON_QUICK_ACTIONS.map((a) => a.to)).toEqual(COMMON);
    for (const role of Object.keys(SPEC) as Role[]) {
      expect(ROLE_QUICK_ACTIONS[role].map((a) => a.to)).toEqual(SPEC[role]);
      expect(getQuickActions(role).map((a) => a.to)).toEqual([...COMMON, ...SPEC[role]]);
    }
  });

  it('gives any other role only the common actions', () => {
    expect(getQuickActions('guest').map((a) => a.to)).toEqual(COMMON);
    expect(getQuickActions(undefined).map((a) => a.to)).toEqual(COMMON);
    expect(getQuickActions('toString').map((a) => a.to)).toEqual(COMMON);
  });
});

describe('quick actions in the sidebar', () => {
  let server: FakeServer;
  beforeEach(() => {
    server = installFakeServer();
    signIn();
  });

  it.each(Object.keys(SPEC) as Role[])('shows the %s links with their exact targets', async (role) => {
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ role }) });
    if (role === 'admin') server.on('GET', '/admin/settings', { status: 403 });
    renderApp('/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Quick actions' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([...COMMON, ...SPEC[role]]);
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute('href', '/dashboard');
  });
});
