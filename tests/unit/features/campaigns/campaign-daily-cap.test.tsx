import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from './campaign-fixtures';

vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser() })
    .on('GET', '/campaigns', { status: 200, body: [], headers: { 'x-total-count': '0' } });
  signIn();
});

describe('the campaign form’s daily cap', () => {
  it('sends 40.00 EUR as daily_cap_minor 4000, and refuses a bad amount', async () => {
    server.on('POST', '/campaigns', { status: 201, body: makeCampaign() });
    const { user } = renderApp('/action=create');
    const dialog = await screen.findByRole('dialog', { name: 'Create campaign' }, { timeout: 15_000 });
    await within(dialog).findByLabelText(/^Name/, {}, { timeout: 15_000 });
    const fill = async (label: string | RegExp, value: string) => {
      const field = within(dialog).getByLabelText(label);
      await user.clear(field);
      await user.click(field);
      await user.paste(value);
    };
    await fill(/^Name/, 'Capped sale');
    await fill(/^Landing URL/, 'https://shop.example.com/capped');
    await user.selectOptions(within(dialog).getByLabelText('Currency'), 'EUR');
    await fill('Payout', '5');
    await fill('Daily cap', 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    expect(await within(dialog).findByText(/Enter an amount/i)).toBeInTheDocument();
    expect(server.callsTo('POST', '/campaigns')).toHaveLength(0);

    await fill('Daily cap', '40.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(server.callsTo('POST', '/campaigns')).toHaveLength(1));
    expect(server.callsTo('POST', '/campaigns')[0]?.body).toMatchObject({ daily_cap_minor: 4000 });
  });
});
