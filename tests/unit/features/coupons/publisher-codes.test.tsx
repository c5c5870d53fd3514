import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeTrackingLink } from '../tracking/tracking-fixtures';

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
    .on('GET', '/tracking/links', {
      status: 200,
      body: [
        makeTrackingLink({
          campaign_id: 'c-shoes',
          campaign_name: 'Shoes',
          url: 'https://affilio.example/t/abc',
          deep_link_hosts: ['shop.example.com', '*.brand.example'],
        }),
        makeTrackingLink({ campaign_id: 'c-bags', campaign_name: 'Bags' }),
      ],
    })
    .on('GET', '/coupons', {
      status: 200,
      body: [
        {
          id: 'k-1',
          code: 'PODCAST10',
          campaign_id: 'c-shoes',
          publisher_id: 'pub-1',
          created_at: '2026-11-01T00:00:00.000Z',
        },
      ],
    });
  signIn();
});

describe('publisher /tracking: coupon codes and the link builder', () => {
  it('shows each campaign’s codes beside its tracking link', async () => {
    renderApp('/tracking');
    // the first render loads the route's code: give a busy machine longer than the usual 5 s
    const table = await screen.findByRole('table', { name: 'Tracking links' }, { timeout: 20_000 });
    const shoes = within(table).getByRole('row', { name: /Shoes/ });
    expect(
      await within(shoes).findByRole('button', { name: 'Copy coupon code PODCAST10' }),
    ).toBeInTheDocument();
    const bags = within(table).getByRole('row', { name: /Bags/ });
    expect(within(bags).queryByRole('button', { name: /coupon code/ })).not.toBeInTheDocument();
  }, 60_000);

  it('builds a deep link with sub-ids and warns when the page is off the allowed hosts', async () => {
    const { user } = renderApp('/tracking');
    const page = await screen.findByRole('textbox', { name: 'Page' }, { timeout: 20_000 });
    await user.click(page);
    await user.paste('https://a.brand.example/jackets?size=m');
    await user.click(screen.getByRole('textbox', { name: 'sub1' }));
    await user.paste('podcast');
    expect(screen.getByLabelText('Built tracking link')).toHaveTextContent(
      'https://affilio.example/t/abc?url=https%3A%2F%2Fa.brand.example%2Fjackets%3Fsize%3Dm&sub1=podcast',
    );
    expect(screen.getByText('Leads to https://a.brand.example/jackets?size=m')).toBeInTheDocument();
    await user.clear(page);
    await user.paste('https://shop.example.com@evil.com/');
    expect(screen.getByText(/Not an allowed page/)).toBeInTheDocument();
    expect(server.callsTo('GET', '/coupons')).toHaveLength(1);
  }, 60_000);
});
