import { ModalsProvider } from '@mantine/modals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../src/app/providers';
import { PostbacksSettings } from '../../../../src/features/integrations/components/postbacks-settings';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makePostback } from './fixtures';

vi.setConfig({ testTimeout: 60_000 });

const CAMPAIGN = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const existing = makePostback({ failing_since: '2025-05-02T10:00:00.000Z' });

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'publisher', language: 'da' }) })
    .on('GET', '/publisher-postbacks', { status: 200, body: [existing] })
    .on('GET', '/applications', {
      status: 200,
      body: [{ campaign_id: CAMPAIGN, campaign_name: 'Summer shoes' }],
    })
    .on('GET', '/publisher-postbacks/preview', {
      status: 200,
      body: { conversion_id: null, values: { click_id: 'abc 123', payout: '12.50' } },
    });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('Settings → Postbacks in Danish', () => {
  it('describes each postback and the form in Danish', async () => {
    render(
      <AppProviders persist={false} env="test">
        <ModalsProvider>
          <PostbacksSettings />
        </ModalsProvider>
      </AppProviders>,
    );
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Dine postbacks' }, { timeout: 40_000 });
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('Alle kampagner');
    expect(card).toHaveTextContent('Fejler');
    expect(within(card).getByRole('button', { name: 'Send test' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Leveringslog' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tilføj postback' }));
    const form = screen.getByRole('form', { name: 'Tilføj en postback' });
    expect(within(form).getByRole('group', { name: 'Makroer' })).toBeInTheDocument();
    expect(within(form).getByText('Skriv en URL for at se den udfyldt.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Tilføj postback' }));
    expect(await within(form).findByText('Angiv en http(s)-URL')).toBeInTheDocument();
  });
});
