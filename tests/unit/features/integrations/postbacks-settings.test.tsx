import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PostbacksSettings } from '../../../../src/features/integrations/components/postbacks-settings';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makePostback, renderSection } from './fixtures';

const CAMPAIGN = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const existing = makePostback({ campaign_id: CAMPAIGN });

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'publisher' }) })
    .on('GET', '/publisher-postbacks', { status: 200, body: [existing] })
    .on('GET', '/applications', {
      status: 200,
      body: [{ campaign_id: CAMPAIGN, campaign_name: 'Summer shoes' }],
    })
    .on('GET', '/publisher-postbacks/preview', {
      status: 200,
      body: { conversion_id: null, values: { click_id: 'abc 123', payout: '12.50' } },
    })
    .on('POST', '/publisher-postbacks', {
      status: 422,
      body: {
        title: 'Unprocessable Entity',
        status: 422,
        detail: 'url: unknown macro {clickid}',
        errors: [{ field: 'url', message: 'unknown macro {clickid}' }],
      },
    });
  signIn();
});

function renderSettings() {
  return renderSection(<PostbacksSettings />);
}

describe('Settings → Postbacks', () => {
  it('lists each postback with its campaign and triggers', async () => {
    renderSettings();
    const list = await screen.findByRole('list', { name: 'Your postbacks' });
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('https://tracker.example.com/pb?cid={click_id}');
    await waitFor(() => expect(card).toHaveTextContent('Summer shoes'));
    expect(card).toHaveTextContent('conversion');
  });

  it('inserts a macro at the cursor, previews the filled URL and shows the server 422 on the URL field', async () => {
    const user = renderSettings();
    await screen.findByRole('list', { name: 'Your postbacks' });
    await user.click(screen.getByRole('button', { name: 'Add postback' }));
    const url = screen.getByRole('textbox', { name: /Postback URL/ });
    await user.click(url);
    await user.paste('https://t.example.com/?p=');
    await user.click(screen.getByRole('button', { name: 'Insert {payout}' }));
    expect(url).toHaveValue('https://t.example.com/?p={payout}');
    await user.click(url);
    await user.paste('&c={clickid}');
    expect(await screen.findByLabelText('Filled URL')).toHaveTextContent(
      'https://t.example.com/?p=12.50&c={clickid}',
    );

    await user.click(screen.getByRole('button', { name: 'Add postback' }));
    expect(await screen.findByText('unknown macro {clickid}')).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/publisher-postbacks')[0]?.body).toEqual({
      url: 'https://t.example.com/?p={payout}&c={clickid}',
      campaign_id: null,
      on: ['conversion'],
      method: 'GET',
    });
  });
});
