import { ModalsProvider } from '@mantine/modals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../src/app/providers';
import { ApiKeysSettings } from '../../../../src/features/api-keys/components/api-keys-settings';
import type { ApiKey } from '../../../../src/features/api-keys/types';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

vi.setConfig({ testTimeout: 30_000 });

const existing: ApiKey = {
  id: 'k-1',
  name: 'Natlig eksport',
  prefix: 'afk_Zx81aQ2c',
  scope: 'read',
  resources: ['campaigns', 'reports'],
  expires_at: null,
  created_at: '2025-05-01T10:00:00.000Z',
  last_used_at: '2025-05-20T08:30:00.000Z',
  last_used_ip: '203.0.113.42',
};

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ language: 'da' }) })
    .on('GET', '/api-keys', { status: 200, body: [existing] });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('Settings → API keys in Danish', () => {
  it('describes each key and the new-key form in Danish', async () => {
    render(
      <AppProviders persist={false} env="test">
        <ModalsProvider>
          <ApiKeysSettings />
        </ModalsProvider>
      </AppProviders>,
    );
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Dine API-nøgler' }, { timeout: 15_000 });
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('Kun læsning');
    expect(card).toHaveTextContent('Kun: Kampagner, Sporing og rapporter');
    expect(card).toHaveTextContent('fra 203.0.113.42');
    expect(card).toHaveTextContent('UdløberAldrig');
    expect(within(card).getByRole('button', { name: 'Tilbagekald Natlig eksport' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ny API-nøgle' }));
    const form = screen.getByRole('form', { name: 'Opret en API-nøgle' });
    await user.click(within(form).getByRole('button', { name: 'Opret nøgle' }));
    expect(await within(form).findByText('Giv nøglen et navn')).toBeInTheDocument();
  });
});
