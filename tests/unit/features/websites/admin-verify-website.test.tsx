import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublisherSummary } from '../../../../src/features/publishers/types';
import type { Website } from '../../../../src/features/websites/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

let server: FakeServer;

const paula: PublisherSummary = {
  id: 'pub-1',
  name: 'Paula P',
  display_name: 'Tech Reviews Daily',
  country: 'SE',
  created_at: '2025-01-01T00:00:00.000Z',
  websites_count: 1,
  verified_websites_count: 0,
  monthly_visitors: 0,
  categories: [],
};

const site: Website = {
  id: 'w-1',
  publisher_id: 'pub-1',
  url: 'https://intranet.example',
  name: 'Intranet blog',
  category: 'software',
  monthly_visitors: 500,
  description: '',
  verification_status: 'failed',
  verification_method: 'meta',
  verification_token: 'tok',
  verification_error: 'unreachable',
  verified_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let verified = false;
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin' }) })
    .on('GET', '/publishers', { status: 200, body: [paula], headers: { 'x-total-count': '1' } })
    .on('GET', '/publishers/pub-1', { status: 200, body: paula })
    .on('GET', '/websites', () => ({
      status: 200,
      body: [verified ? { ...site, verification_status: 'verified' } : site],
    }))
    .on('POST', '/admin/websites/w-1/verify', () => {
      verified = true;
      return { status: 200, body: { ...site, verification_status: 'verified' } };
    });
  signIn('admin-token');
});

describe('verifying a website by hand', () => {
  it('lets an admin verify a publisher’s website from the publisher’s card', async () => {
    const { user } = renderApp('/publishers');
    const table = await screen.findByRole('table', { name: 'Publishers' }, { timeout: 15_000 });
    await user.click(within(table).getByRole('button', { name: 'Tech Reviews Daily' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tech Reviews Daily' });
    expect(await within(dialog).findByText('Verification failed')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Verify Intranet blog by hand' }));
    expect(await within(dialog).findByText('Verified')).toBeInTheDocument();
    expect(server.callsTo('POST', '/admin/websites/w-1/verify')).toHaveLength(1);
    expect(server.callsTo('GET', '/websites')[0]!.path).toBe('/websites');
  });
});
