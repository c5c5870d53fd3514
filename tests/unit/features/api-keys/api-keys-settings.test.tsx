import { ModalsProvider } from '@mantine/modals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../src/app/providers';
import { ApiKeysSettings } from '../../../../src/features/api-keys/components/api-keys-settings';
import type { ApiKey } from '../../../../src/features/api-keys/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

const SECRET = `afk_${'a'.repeat(43)}`;
const existing: ApiKey = {
  id: 'k-1',
  name: 'Nightly report export',
  prefix: 'afk_Zx81aQ2c',
  scope: 'read',
  resources: ['campaigns', 'reports'],
  expires_at: null,
  created_at: '2025-05-01T10:00:00.000Z',
  last_used_at: '2025-05-20T08:30:00.000Z',
  last_used_ip: '203.0.113.42',
};

let server: FakeServer;
let stored: ApiKey[];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stored = [existing];
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser() })
    .on('GET', '/api-keys', () => ({ status: 200, body: stored }))
    .on('POST', '/api-keys', ({ body }) => {
      const input = body as { name: string; scope: 'read' | 'full'; expires_at: string | null };
      const created: ApiKey = {
        ...existing,
        id: 'k-2',
        name: input.name,
        scope: input.scope,
        resources: [],
        expires_at: input.expires_at,
        prefix: SECRET.slice(0, 12),
        last_used_at: null,
        last_used_ip: null,
      };
      stored = [created, ...stored];
      return { status: 201, body: { ...created, key: SECRET } };
    })
    .on('DELETE', '/api-keys/k-1', () => {
      stored = stored.filter((k) => k.id !== 'k-1');
      return { status: 204, body: null };
    });
  signIn();
});

function renderSettings() {
  render(
    <AppProviders persist={false} env="test">
      {/* the signed-in shell provides the confirm modals in the app */}
      <ModalsProvider>
        <ApiKeysSettings />
      </ModalsProvider>
    </AppProviders>,
  );
  return userEvent.setup();
}

describe('Settings → API keys', () => {
  it('lists each key with its prefix, scope, resources and last use', async () => {
    renderSettings();
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('Nightly report export');
    expect(card).toHaveTextContent('afk_Zx81aQ2c…');
    expect(card).toHaveTextContent('Read only');
    expect(card).toHaveTextContent('Only: Campaigns, Tracking & reports');
    expect(card).toHaveTextContent('from 203.0.113.42');
  });

  it('creates a key and shows its secret once, with a copy button', async () => {
    const user = renderSettings();
    await screen.findByRole('list', { name: 'Your API keys' });
    await user.click(screen.getByRole('button', { name: 'New API key' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Give the key a name')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api-keys')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'CI export');
    await user.click(screen.getByRole('radio', { name: 'Full access' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByLabelText('New API key')).toHaveTextContent(SECRET);
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    const sent = server.callsTo('POST', '/api-keys')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'CI export', scope: 'full', resources: [] });
    // 90 days by default
    expect(Date.parse(sent.expires_at as string) - Date.now()).toBeGreaterThan(89 * 24 * 3600 * 1000);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByLabelText('New API key')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('revokes a key after confirmation', async () => {
    const user = renderSettings();
    await screen.findByRole('list', { name: 'Your API keys' });
    await user.click(screen.getByRole('button', { name: 'Revoke Nightly report export' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('afk_Zx81aQ2c…');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('You have no API keys yet.')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api-keys/k-1')).toHaveLength(1);
  });
});
