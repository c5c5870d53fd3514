import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

vi.setConfig({ testTimeout: 90_000 });

const BUILT_IN = {
  hold_score: 50,
  reject_score: 100,
  min_seconds_to_convert: 3,
  max_conversions_per_ip_day: 5,
  max_clicks_per_ip_minute: 10,
  cr_spike_factor: 3,
};

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin' }) })
    .on('GET', '/admin/settings', { status: 500, body: { detail: 'not in this test' } })
    .on('GET', '/fraud/settings', {
      status: 200,
      body: { defaults: { ...BUILT_IN, hold_score: 40 }, built_in: BUILT_IN, weights: {} },
    })
    .on('PUT', '/fraud/settings', (request) => ({
      status: 200,
      body: {
        defaults: { ...BUILT_IN, hold_score: 40, ...(request.body as object) },
        built_in: BUILT_IN,
        weights: {},
      },
    }));
  signIn();
});

describe('the platform fraud defaults (admin settings)', () => {
  it('shows the defaults in force, refuses a reject score at or below hold, and saves with feedback', async () => {
    const { user } = renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Fraud defaults' }, { timeout: 30_000 });
    const field = (name: string) => within(form).getByRole('textbox', { name: new RegExp(`^${name}`) });
    expect(field('Hold score')).toHaveValue('40');
    expect(within(form).getByText('Built-in: 3 s')).toBeInTheDocument();

    await user.clear(field('Reject score'));
    await user.type(field('Reject score'), '30');
    await user.click(within(form).getByRole('button', { name: 'Save fraud defaults' }));
    expect(
      await within(form).findByText('The reject score must be above the hold score (40).'),
    ).toBeInTheDocument();
    expect(server.callsTo('PUT', '/fraud/settings')).toHaveLength(0);

    await user.clear(field('Reject score'));
    await user.type(field('Reject score'), '90');
    await user.clear(field('Hold score'));
    await user.click(within(form).getByRole('button', { name: 'Save fraud defaults' }));
    await waitFor(() => expect(server.callsTo('PUT', '/fraud/settings')).toHaveLength(1));
    expect(server.callsTo('PUT', '/fraud/settings')[0]?.body).toEqual({
      ...BUILT_IN,
      hold_score: null,
      reject_score: 90,
    });
    expect(await screen.findByText('Fraud defaults saved')).toBeInTheDocument();
  });
});
